import { matchRoutes } from "react-router";
import { CONSOLE_ROUTES } from "#app/routes/admin/console-access.ts";
import { consoleMiddleware } from "#app/routes/admin/guard.server.ts";

type MiddlewareArgs = Parameters<(typeof consoleMiddleware)[number]>[0];
type HandlerArgs = { request: Request; pattern: string };

const CONSOLE_PATTERNS = Object.keys(CONSOLE_ROUTES).map((path) => ({ path }));

/**
 * The console route pattern a path matches, ranked as React Router ranks them: "/admin/leads/bin"
 * before "/admin/leads/:id", and the console's 404 ("/admin/*") only when nothing else matches.
 */
function consolePattern(pathname: string): string {
  const found = matchRoutes(CONSOLE_PATTERNS, pathname.replace(/\.data$/, ""))?.at(-1)?.route.path;
  if (!found) throw new Error(`No console route matches ${pathname}`);
  return found;
}

/**
 * Calls a console loader or action the way React Router does, behind the console's middleware
 * (session, cross-site refusal, the route's rule, headers): answers what the handler returned, or
 * throws what it or the middleware threw.
 */
async function callConsole<Args extends HandlerArgs, Value>(
  handler: (args: Args) => Value,
  args: Omit<Args, "pattern">,
): Promise<Awaited<Value>> {
  // The handler's own argument type, with the pattern React Router would have matched.
  const full = { ...args, pattern: consolePattern(new URL(args.request.url).pathname) } as Args & MiddlewareArgs;
  let settled: { ok: true; value: Awaited<Value> } | { ok: false; error: unknown } | undefined;
  const asResponse = (value: unknown) => (value instanceof Response ? value : new Response(null));
  const innermost = async () => {
    try {
      settled = { ok: true, value: await handler(full) };
      return asResponse(settled.value);
    } catch (error) {
      settled = { ok: false, error };
      return asResponse(error);
    }
  };
  const chain = consoleMiddleware.reduceRight<() => Promise<Response>>(
    (next, middleware) => async () => {
      try {
        return (await middleware(full, next)) ?? new Response(null);
      } catch (error) {
        settled = { ok: false, error };
        return asResponse(error);
      }
    },
    innermost,
  );
  await chain();
  if (!settled) throw new Error("The console's middleware answered without running the route");
  if (!settled.ok) throw settled.error;
  return settled.value;
}

/** A console loader or action as React Router calls it, behind the console's middleware. */
export function viaConsole<Args extends HandlerArgs, Value>(handler: (args: Args) => Value) {
  return (args: Omit<Args, "pattern"> & { pattern?: string }) => callConsole(handler, args);
}
