import type { HeadersFunction } from "react-router";

/**
 * For a page inside the site layout whose loader or action sets its own Cache-Control (a page
 * listing places left in visit slots; a refused form post that echoes what the visitor typed):
 * the layout's headers, with the action's Cache-Control (and robots and referrer policies) first,
 * then the loader's, and a cookie the action set. X-Page-Changes-At is for the server's page
 * cache (PAGE_CHANGES_AT_HEADER in app/.server/http.ts), which takes it off.
 */
export const pageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  // A personal answer (PERSONAL_PAGE_HEADERS) also keeps it from indexes and other sites' Referers.
  for (const name of ["Cache-Control", "X-Robots-Tag", "Referrer-Policy", "X-Page-Changes-At"]) {
    const own = actionHeaders.get(name) ?? loaderHeaders.get(name);
    if (own) headers.set(name, own);
  }
  for (const cookie of actionHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
};
