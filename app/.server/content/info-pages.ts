import type { RouterContextProvider } from "react-router";
import { data, redirect } from "react-router";
import { requireSite } from "../site.ts";

/**
 * React Router matches paths regardless of case, and old links spell some URLs two ways
 * (/SalesInfo/stampTax and /SalesInfo/StampTax). Any spelling but the canonical one (a trailing
 * slash included) is sent there for good, keeping the query, so one URL collects the links and
 * the search ranking (docs/decisions/005-alias-urls.md).
 */
export function requireCanonicalPath(request: Request, canonicalPath: string) {
  const url = new URL(request.url);
  if (url.pathname === canonicalPath) return;
  throw redirect(`${canonicalPath}${url.search}`, 301);
}

/**
 * What every informational page loads: its canonical URL enforced, then its title and
 * description from the pack, and the pack for the page body.
 */
export function requireInfoPage(request: Request, context: Readonly<RouterContextProvider>, path: string) {
  requireCanonicalPath(request, path);
  const site = requireSite(context).pack;
  const page = site.pages[path];
  // A pack that leaves a page out (a development without, say, a stamp-tax page) does not have it.
  if (!page) throw data(null, { status: 404 });
  return { site, page: { title: page.title, description: page.description, name: page.banner.title } };
}
