import { Outlet } from "react-router";
import { consoleMiddleware } from "./guard.server.ts";
import type { Route } from "./+types/console";
import "#app/styles/admin.css";

/**
 * The console as one sub-app: every /admin URL (pages, sign-in steps and resource routes) sits
 * below this route, whose middleware reads the session, refuses cross-site posts, enforces each
 * route's rule from console-access.ts and sets the console's headers. A refusal thrown there is
 * rendered by the root's error boundary (React Router sends a middleware's error to the boundary of
 * the highest route with a loader), which shows its Korean sentence and a link back to the console.
 */
export const middleware: Route.MiddlewareFunction[] = consoleMiddleware;

export default function Console() {
  return <Outlet />;
}
