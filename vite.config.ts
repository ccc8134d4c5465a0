import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ command, isSsrBuild }) => ({
  build: {
    // The server bundle's entry is our Express app, which wraps React Router's handler.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    assetsInlineLimit: 0,
  },
  // React picks its development or production build from NODE_ENV at run time, and NODE_ENV
  // also switches on our production-only requirements (SESSION_SECRET, Secure cookies, HSTS).
  // Bundling React into the server build with NODE_ENV fixed lets `npm start` render with the
  // production React on a laptop that sets no NODE_ENV. Development (`vite` serve) is untouched.
  ...(command === "build" && isSsrBuild
    ? {
        ssr: { noExternal: ["react", "react-dom", "react-router", "scheduler", "@react-router/node", "@react-router/express"] },
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
      }
    : {}),
  plugins: [reactRouter()],
}));
