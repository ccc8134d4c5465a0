import { RouterContextProvider } from "react-router";
import { clientAddressContext } from "#app/.server/client-address.ts";
import { siteContext, siteForHost } from "#app/.server/site.ts";

/**
 * The context server/create-app.ts gives a request, for tests that call route modules directly:
 * the client's address and the site the request's host names (null on a host no site claims).
 */
export function routeContext(url: string | URL, { client = "203.0.113.7" }: { client?: string } = {}) {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, client);
  context.set(siteContext, siteForHost(new URL(url).host) ?? null);
  return context;
}
