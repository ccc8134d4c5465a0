/**
 * Links the office types (a popup's link, the consultation links in the site settings), as the
 * public pages may use them: a path on this site or an https address, nothing else. Client-safe.
 *
 * A browser's URL parser drops tabs and newlines anywhere in an href and reads a backslash as a
 * slash, so "/\t/evil.example" or "/\\evil.example", which look like paths, open evil.example. The
 * value is therefore read as the browser reads it: control characters stripped, then parsed with
 * URL, and only what that parse proves to be on this site (or https) is kept.
 */

/** C0 controls and DEL (tab, newline, NUL…) and the C1 range: never part of a link. */
const CONTROL = /\p{Cc}/gu;

/** Stands for "this site" while parsing a path: any origin would do; it never leaves this function. */
const HERE = "https://this-site.invalid";

export interface SafeLinkOptions {
  /** Whether a path on this site ("/SalesInfo/announcement") is allowed; true by default. */
  paths?: boolean;
}

/**
 * The link as it is safe to store and render (a path normalised, an https address as URL writes
 * it), or null: another scheme (javascript:, data:, http:), a path that leads to another host
 * ("//evil.example", "/\t/evil.example"), an address with a user name or password, or a host without a dot.
 */
export function safeLink(value: string, { paths = true }: SafeLinkOptions = {}): string | null {
  const cleaned = value.replace(CONTROL, "").trim();
  if (cleaned === "") return null;
  if (cleaned.startsWith("/") || cleaned.startsWith("\\")) {
    if (!paths) return null;
    const url = URL.canParse(cleaned, HERE) ? new URL(cleaned, HERE) : null;
    return url?.origin === HERE ? `${url.pathname}${url.search}${url.hash}` : null;
  }
  const url = URL.canParse(cleaned) ? new URL(cleaned) : null;
  if (!url || url.protocol !== "https:" || url.username !== "" || url.password !== "" || !url.hostname.includes(".")) return null;
  return url.href;
}
