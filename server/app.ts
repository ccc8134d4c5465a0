import { createRequestHandler } from "@react-router/express";
import express from "express";

// The server bundle's entry (see vite.config.ts): server.js imports this from the build in
// production and through Vite in development, so app code is loaded exactly once either way.
export { boot } from "#app/.server/boot.ts";

export const app = express();

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
  }),
);
