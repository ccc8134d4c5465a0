import { Outlet, type ShouldRevalidateFunction } from "react-router";
import { pageHeadingOf } from "#app/.server/content/page-banners.ts";
import { requireSite } from "#app/.server/site.ts";
import { PageBanner } from "#app/components/frame/page-banner.tsx";
import { SubMenu } from "#app/components/frame/sub-menu.tsx";
import { PagesStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/page-heading";

/**
 * The informational pages' banner and sub-menu, and the stylesheet they share. A layout of its
 * own, under the site layout, so that a document carries only its own page's banner and a client
 * navigation fetches the next one with the page (docs/decisions/044-each-page-carries-its-own.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requireSite(context).pack;
  return { heading: await pageHeadingOf(site, new URL(request.url).pathname), eyebrow: site.brand.nameEn };
}

// Another page, another heading; the site layout above it loads once.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export default function PageHeadingLayout({ loaderData }: Route.ComponentProps) {
  const { heading, eyebrow } = loaderData;
  return (
    <>
      {/* The informational pages' shared sheet, once for all of them; each page adds its family's after it. */}
      <PagesStylesheet />
      {heading ? (
        <>
          <PageBanner key={heading.path} banner={heading.banner} eyebrow={eyebrow} />
          {heading.group ? <SubMenu group={heading.group} current={heading.path} /> : null}
        </>
      ) : null}
      <Outlet />
    </>
  );
}
