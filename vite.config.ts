import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; isEntry: boolean; code: string | null } | null;
}

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|rolldown[\\/]runtime/;
/**
 * The lead forms' shared code (fields, consent, token, the unit type) and the visit form's own (the
 * form, its time picker, its texts): two files instead of seven small ones, each with its own
 * headers. The inquiry page loads only the first; the visit form, when it comes near the screen, both.
 */
const LEAD_FORM = /[\\/]app[\\/]components[\\/](lead-form|consent-field|form-token|unit-interest-field)\.tsx?$/;
const VISIT_FORM = /[\\/]app[\\/](components[\\/]visit-(form|slot-picker)\.tsx|forms[\\/]visit\.ts)$/;
const APP_SHARED = /[\\/]app[\\/](?!routes[\\/]|root\.tsx)/;
const SITE_FRAME = /[\\/]app[\\/](root\.tsx|routes[\\/]site[\\/]layout\.tsx)/;
const PUBLIC_ROUTE = /[\\/]app[\\/]routes[\\/]site[\\/]/;
/** Shared code used by this many public pages travels with the frame instead of in a chunk of its own. */
const WIDELY_USED = 8;
/** Shared public code smaller than this (bytes of source) costs less with the frame than its own response's headers. */
const TINY = 1_000;

/** The route modules (entries) that import a module, directly or through other modules. */
function importingEntries(id: string, graph: ModuleGraph) {
  const entries = new Set<string>();
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    const info = graph.getModuleInfo(current);
    if (!info) return;
    if (info.isEntry) entries.add(current);
    info.importers.forEach(visit);
  };
  visit(id);
  return [...entries];
}

/**
 * Every public page loads React, React Router, the root and the site frame, so by default it
 * fetched ~17 small chunks; each response carries ~0.3 KB of headers and waits for one of six
 * HTTP/1.1 connections. Two shared chunks instead: `framework` (react, react-dom, react-router:
 * one file compresses ~1.5 KB smaller than react-dom alone in the entry chunk and the rest beside
 * it) and `site` (the frame's components and the helpers most pages use, which change with every
 * release, so a returning visitor fetches only them). Route modules stay chunks of their own, so
 * React Router still loads only the matched routes; code that one or a few pages use still travels
 * with them, unless it is so small that its response's headers would outweigh it.
 */
function clientChunk(id: string, graph: ModuleGraph) {
  if (FRAMEWORK.test(id)) return "framework";
  const info = graph.getModuleInfo(id);
  if (!APP_SHARED.test(id) || id.includes("node_modules") || info?.isEntry) return null;
  const entries = importingEntries(id, graph);
  if (entries.some((entry) => SITE_FRAME.test(entry))) return "site";
  const publicEntries = entries.filter((entry) => PUBLIC_ROUTE.test(entry)).length;
  if (publicEntries >= WIDELY_USED) return "site";
  return publicEntries === entries.length && publicEntries >= 2 && (info?.code?.length ?? Infinity) < TINY ? "site" : null;
}

/** Second to the framework and the frame, so the forms' groups leave what those took where it is. */
function formChunk(id: string) {
  if (LEAD_FORM.test(id)) return "lead-form";
  if (VISIT_FORM.test(id)) return "visit-form";
  return null;
}

export default defineConfig(({ command, isSsrBuild }) => ({
  build: {
    // The server bundle's entry is our Express app, which wraps React Router's handler.
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: clientChunk, priority: 2 },
                { name: formChunk, priority: 1 },
              ],
            },
          },
        },
    assetsInlineLimit: 0,
  },
  // React picks its development or production build from NODE_ENV at run time, and NODE_ENV
  // also switches on our production-only requirements (SESSION_SECRET, Secure cookies, HSTS).
  // Bundling React into the server build with NODE_ENV fixed lets `npm start` render with the
  // production React on a laptop that sets no NODE_ENV. Development (`vite` serve) is untouched.
  ...(command === "build" && isSsrBuild
    ? {
        // Conform's React hooks too: left external, they would call a second React (the server's
        // node_modules one) and fail on the first hook.
        ssr: {
          noExternal: [
            "react",
            "react-dom",
            "react-router",
            "scheduler",
            "@react-router/node",
            "@react-router/express",
            "@conform-to/react",
          ],
        },
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
      }
    : {}),
  plugins: [reactRouter()],
}));
