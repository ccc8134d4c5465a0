import { createContext, type RouterContextProvider } from "react-router";

/** The visitor's network address, set per request by server/app.ts (`getLoadContext`). */
export const clientAddressContext = createContext<string>();

/**
 * The address the request came from. X-Forwarded-For is written by whoever sends it, so only
 * the entries our own proxies appended are believed: with `trustProxy` proxies in front, the
 * client is the trustProxy-th address from the right. With none, it is the socket's peer.
 */
export function clientAddress({
  socketAddress,
  forwardedFor,
  trustProxy,
}: {
  socketAddress: string | undefined;
  forwardedFor: string | string[] | undefined;
  trustProxy: number;
}): string {
  if (trustProxy > 0 && forwardedFor) {
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const client = hops[hops.length - trustProxy] ?? hops[0];
    if (client) return normalizeAddress(client);
  }
  return normalizeAddress(socketAddress ?? "unknown");
}

/** "::ffff:10.0.0.1" and "10.0.0.1" are one client. */
function normalizeAddress(address: string) {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
}

export function getClientAddress(context: Readonly<RouterContextProvider>): string {
  return context.get(clientAddressContext);
}
