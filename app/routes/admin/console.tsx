import { Outlet } from "react-router";
import { consoleMiddleware } from "./guard.server.ts";
import { ConsoleErrorPage } from "./frame.tsx";
import type { Route } from "./+types/console";

/**
 * The console as one sub-app: every /admin URL (pages, sign-in steps and resource routes) sits
 * below this route, whose middleware reads the session, refuses cross-site posts, enforces each
 * route's rule from console-access.ts and sets the console's headers.
 */
export const middleware: Route.MiddlewareFunction[] = consoleMiddleware;

export default function Console() {
  return <Outlet />;
}

/** A refusal from the middleware (no page of the console ran yet): the same card, without the menu. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}
