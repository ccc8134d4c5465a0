import type { HeadersFunction } from "react-router";

/**
 * For a page inside the site layout whose loader or action sets its own Cache-Control (a page
 * listing places left in visit slots; a refused form post that echoes what the visitor typed):
 * the layout's headers, with the action's Cache-Control first, then the loader's, and a cookie
 * the action set.
 */
export const pageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const own = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  if (own) headers.set("Cache-Control", own);
  for (const cookie of actionHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
};
