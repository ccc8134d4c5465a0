import type { HeadersFunction } from "react-router";

/**
 * For a page inside the site layout whose loader may set its own Cache-Control (a page listing
 * places left in visit slots): the layout's headers, with the loader's Cache-Control when it set one.
 */
export const pageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const own = loaderHeaders.get("Cache-Control");
  if (own) headers.set("Cache-Control", own);
  return headers;
};
