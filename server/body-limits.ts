import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { matchPath } from "react-router";
import { sessionOfCookie } from "#app/.server/auth/session.ts";
import { uploadFormCeiling } from "#app/.server/content/uploads.ts";
import type { RequestSite } from "#app/.server/site.ts";
import { allows, CONSOLE_ROUTES, postAccess, type ConsoleRoute } from "#app/routes/admin/console-access.ts";
import type { UploadKind } from "#app/forms/uploads.ts";
import type { BodyLimit } from "./request-handler.ts";

/**
 * The upload routes' body limits, derived from the console's rules (`upload` in
 * app/routes/admin/console-access.ts): a route that takes a file gets its kind's limit under every
 * URL React Router answers it at. A page with scripts posts to `/admin/documents.data`, a form
 * without them to `/admin/documents`; React Router also matches `/admin/documents/`,
 * `/Admin/Documents` and percent-escaped letters, so the rule matches the route, not a spelling.
 */

/** Room above the route's own ceiling, so the route (not this generic 413) answers an oversized file with its limit named. */
const ROUTE_ANSWERS_FIRST = 2 * 1024 * 1024;

const UPLOAD_ROUTES = (Object.entries(CONSOLE_ROUTES) as [string, ConsoleRoute][]).flatMap(([pattern, route]) =>
  route.upload ? [{ pattern, route, kind: route.upload }] : [],
);

/** The route path a request path names, as React Router reads it: decoded, its single-fetch `.data` suffix taken off. */
export function routePathOf(requestPath: string): string {
  let path: string;
  try {
    path = decodeURIComponent(requestPath);
  } catch {
    return requestPath;
  }
  if (path === "/_root.data") return "/";
  if (path.endsWith("/_.data")) return path.slice(0, -"_.data".length);
  if (path.endsWith(".data")) return path.slice(0, -".data".length);
  return path;
}

/** The upload route a request path reaches, if any. */
export function uploadRouteOf(requestPath: string): { route: ConsoleRoute; kind: UploadKind } | undefined {
  const path = routePathOf(requestPath);
  return UPLOAD_ROUTES.find(({ pattern }) => matchPath({ path: pattern, caseSensitive: false, end: true }, path));
}

/**
 * Whether the request comes from an account signed in (both factors) on this site whose role the
 * route's post rule allows: only then is an upload's large body read. A stranger's post gets the
 * default limit, so 5 MB sent to /admin/popups/new without a session is refused (413) before it is
 * read, and a small one reaches the route, which answers it as any signed-out request (sign in).
 */
async function mayPost(route: ConsoleRoute, req: ExpressRequest, res: ExpressResponse): Promise<boolean> {
  const site = res.locals.site as RequestSite | null;
  const cookie = req.get("Cookie");
  const access = postAccess(route, null);
  if (!site || !cookie || !access) return false;
  const session = await sessionOfCookie(cookie, site.slug);
  return session?.complete === true && allows(access, session.admin.role);
}

/** The upload routes' limits, for readBody() in create-app.ts. */
export function uploadBodyLimits(): BodyLimit[] {
  return [
    {
      bytesFor: (path) => {
        const upload = uploadRouteOf(path);
        return upload ? uploadFormCeiling(upload.kind) + ROUTE_ANSWERS_FIRST : undefined;
      },
      only: (req, res) => mayPost(uploadRouteOf(req.path)!.route, req, res),
    },
  ];
}
