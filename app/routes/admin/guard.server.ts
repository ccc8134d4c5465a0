import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { consoleLoginPath, FORBIDDEN_MESSAGE, sessionOf, type Admin } from "#app/.server/auth/sign-in.ts";
import { requireSameOrigin } from "#app/.server/csrf.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { isCalendarDay } from "#app/utils/kst.ts";
import { allows, consoleRouteOf, KIOSK_ONLY_MESSAGE, KIOSK_PATH, postAccess, type Access, type ConsoleRoute } from "./console-access.ts";

/**
 * The console's one gate (docs/decisions/021-console-sub-app.md). Every /admin URL, resource
 * routes included, sits below app/routes/admin/console.tsx, whose middleware is this file: it
 * reads the session once into the request context, refuses posts from other sites, enforces the
 * route's rule from console-access.ts and puts the console's headers on every answer. Routes read
 * the signed-in person with `signedInAdmin(context)` and state nothing else about access.
 */

const adminContext = createContext<Admin | null>(null);

/**
 * Every console response is personal (lead data, a signed-in member of staff): never stored by a
 * browser or proxy, never indexed, whatever a search engine found a link from. Put on whatever the
 * routes below answered: pages, redirects, refusals, errors.
 */
const consoleHeaders: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  // A route may ask for more than no-store (the live stream adds no-transform), never for less.
  if (!response.headers.get("Cache-Control")?.includes("no-store")) response.headers.set("Cache-Control", CACHE_CONTROL.private);
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
};

/** Refuses what the route's rule does not allow, before any loader or action below runs. */
const consoleAccess: MiddlewareFunction<Response> = async (args, next) => {
  await enforceAccess(args);
  return next();
};

export const consoleMiddleware = [consoleHeaders, consoleAccess];

async function enforceAccess({ request, context, pattern }: Parameters<MiddlewareFunction<Response>>[0]) {
  const route = consoleRouteOf(pattern);
  // Only /admin/* routes sit below the console; one missing from the table is a 404, never open.
  if (!route) throw data(null, { status: 404 });
  const method = request.method.toUpperCase();
  const reading = method === "GET" || method === "HEAD";
  if (!reading) requireSameOrigin(request, context);
  const session = await sessionOf(request, context, { quiet: route.quiet });
  const admin = session?.complete ? session.admin : null;
  context.set(adminContext, admin);
  if (admin?.kiosk && !kioskMayUse(route)) throw backToKiosk(route);
  const access = reading ? readAccess(route) : postAccess(route, await intentOf(request, route));
  if (access === null) throw data("알 수 없는 요청입니다.", { status: reading ? 405 : 400 });
  if (allows(access, admin?.role ?? null)) return;
  if (!admin) throw signInFirst(request, route);
  throw route.resource ? Response.json({ error: FORBIDDEN_MESSAGE }, { status: 403 }) : data(FORBIDDEN_MESSAGE, { status: 403 });
}

/**
 * A kiosk session (the desk's tablet, decision 029) keeps to its own screen: the sign-in steps and
 * signing out stay open, since signing in again is the way out; everything else sends it back.
 */
function kioskMayUse(route: ConsoleRoute): boolean {
  return route.kiosk === true || route.view === "anyone" || route.post === "anyone";
}

function backToKiosk(route: ConsoleRoute) {
  if (route.resource) return Response.json({ error: KIOSK_ONLY_MESSAGE }, { status: 403 });
  return redirect(KIOSK_PATH);
}

/** A route without a page answers a visit with its own redirect; anyone may be redirected. */
function readAccess(route: ConsoleRoute): Access {
  return route.view ?? "anyone";
}

/** The `intent` field of a post to a route that rules by intent (only such forms are read here). */
async function intentOf(request: Request, route: ConsoleRoute): Promise<string | null> {
  if (typeof route.post !== "object") return null;
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = form?.get("intent");
  return typeof intent === "string" ? intent : null;
}

function signInFirst(request: Request, route: ConsoleRoute) {
  if (route.resource) return Response.json({ error: "로그인이 필요합니다." }, { status: 401 });
  const url = new URL(request.url);
  // A client navigation asks for /admin/leads.data?_routes=…; the page to come back to is /admin/leads.
  const path = url.pathname.replace(/\.data$/, "");
  for (const internal of ["_routes", "index"]) url.searchParams.delete(internal);
  return redirect(consoleLoginPath(path + url.search));
}

/**
 * The person signed in on this request, as the console's middleware found them. Only for routes
 * whose rule requires a signed-in person (anything but "anyone"), where the middleware has already
 * refused everybody else.
 */
export function signedInAdmin(context: Readonly<RouterContextProvider>): Admin {
  const admin = context.get(adminContext);
  if (!admin) throw new Error("signedInAdmin() on a console route that anyone may use");
  return admin;
}

/**
 * Dates in a console URL (?from=, ?to=, ?day=) must be real calendar days: "2026-02-31" is a 400
 * with a message, never passed on to the database.
 */
export function requireCalendarDays(url: URL, names: string[]) {
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value && !isCalendarDay(value)) {
      throw data("날짜가 올바르지 않습니다. 2026-11-24처럼 실제 있는 날짜로 입력해 주세요.", { status: 400 });
    }
  }
}
