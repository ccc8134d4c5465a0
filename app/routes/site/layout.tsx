import { isRouteErrorResponse, Link, Outlet } from "react-router";
import { attributionMiddleware } from "#app/.server/attribution.ts";
import { callLineMiddleware } from "#app/.server/channels/call-line.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { isPersonalPage } from "#app/.server/personal-pages.ts";
import { analyticsContext, analyticsTagsOf, effectivePack } from "#app/.server/content/site-settings.ts";
import { requireSite } from "#app/.server/site.ts";
import { remainingUnits } from "#app/.server/units/remaining.ts";
import { menuWithUnitsPage } from "#app/content/units-page.ts";
import { AnalyticsScripts } from "#app/components/frame/analytics-scripts.tsx";
import { SiteFrame } from "#app/components/frame/site-frame.tsx";
import { NoticePopups } from "#app/components/notice-popups.tsx";
import { RegisterLink } from "#app/components/register-link.tsx";
import { RegistrationPopupProvider } from "#app/components/registration-popup.tsx";
import { ErrorPageStylesheet } from "#app/components/stylesheets.tsx";
import type { FrameContent } from "#app/content/types.ts";
import { disclosuresOf } from "#app/forms/disclosures.ts";
import { ERROR_PAGE } from "#app/content/frame-words.ts";
import { toolsInUse } from "#app/utils/analytics.ts";
import type { Route } from "./+types/layout";

// Remembers the campaign (utm_*) and referring site a visit landed from, for the lead forms, and
// the phone number of its channel (docs/decisions/032).
export const middleware: Route.MiddlewareFunction[] = [attributionMiddleware, callLineMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The office's settings are read on every request, so a change shows at once on every instance.
  const { pack: site, settings } = await effectivePack(requireSite(context).pack);
  const remaining = await remainingUnits(site.slug, settings);
  // A visitor's own booking or opt-out is nobody else's business: no tag loads there, and the CSP opens no tag host.
  const analytics = isPersonalPage(new URL(request.url)) ? {} : analyticsTagsOf(settings);
  context.set(analyticsContext, analytics);
  const content: FrameContent = {
    brand: site.brand,
    phone: site.phone,
    menu: remaining.pagePath ? menuWithUnitsPage(site.menu) : site.menu,
    builder: site.builder,
    developer: site.developer,
    company: site.company,
    familySite: site.familySite,
    footerDisclaimer: site.footerDisclaimer,
    copyrightYear: site.copyrightYear,
    visitPath: `/${site.slug}/customer`,
    kakaoChannelUrl: settings.kakaoChannelUrl,
    mobileConsultUrl: settings.mobileConsultUrl,
    disclosures: disclosuresOf(settings),
    remainingUnits: remaining.line ? { line: remaining.line, path: remaining.pagePath } : undefined,
  };
  const tags = toolsInUse(analytics).map(({ tool, id }) => ({ key: tool.setting, src: tool.scriptSrc(id), init: tool.init(id) }));
  return { content, tags };
}

// Public pages are the same for every visitor. A minute of freshness absorbs traffic spikes
// (an ad campaign, a news article); stale-while-revalidate keeps serving the cached page for ten
// more minutes while a CDN fetches the new one, so a deploy or a published article shows within
// about a minute. Routes with personal content (a signed-in admin) export their own headers, and
// an error a child throws with its own Cache-Control (401, 403) keeps it.
export const headers: Route.HeadersFunction = ({ errorHeaders }) =>
  errorHeaders?.has("Cache-Control") ? errorHeaders : { "Cache-Control": CACHE_CONTROL.publicPage };

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { content, tags } = loaderData;
  return (
    <RegistrationPopupProvider>
      <SiteFrame content={content}>
        {/* An informational page's banner and sub-menu come with it (routes/site/page-heading.tsx). */}
        <Outlet />
        <NoticePopups />
      </SiteFrame>
      <AnalyticsScripts tags={tags} />
    </RegistrationPopupProvider>
  );
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const words = notFound ? ERROR_PAGE.notFound : ERROR_PAGE.failed;
  const heading = words.heading;
  // Without the pack (the layout's own loader failed) the root boundary's plain page is the honest fallback.
  if (!loaderData) throw error;
  return (
    <RegistrationPopupProvider>
      <SiteFrame content={loaderData.content}>
        <title>{`${heading} | ${loaderData.content.brand.projectName}`}</title>
        <meta name="robots" content="noindex" />
        <section className="error-page">
          <ErrorPageStylesheet />
          <p className="error-page__code" aria-hidden="true">
            {isRouteErrorResponse(error) ? error.status : 500}
          </p>
          <h1 className="error-page__title">{heading}</h1>
          <p className="error-page__message">{words.message}</p>
          <div className="error-page__actions">
            <Link to="/" className="button button--brand">
              {ERROR_PAGE.home}
            </Link>
            <RegisterLink className="button button--outline">관심고객 등록</RegisterLink>
          </div>
          {import.meta.env.DEV && error instanceof Error ? <pre className="error-page__stack">{error.stack}</pre> : null}
        </section>
      </SiteFrame>
    </RegistrationPopupProvider>
  );
}
