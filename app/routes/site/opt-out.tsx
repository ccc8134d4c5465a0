import { data, Form, redirect, useNavigation } from "react-router";
import { optOutPage, withdrawByLink } from "#app/.server/consent/link.ts";
import { effectivePack } from "#app/.server/content/site-settings.ts";
import { requireSameOrigin } from "#app/.server/csrf.ts";
import { PERSONAL_PAGE_HEADERS } from "#app/.server/http.ts";
import { requireSite } from "#app/.server/site.ts";
import { PageBanner } from "#app/components/frame/page-banner.tsx";
import { FormsStylesheet } from "#app/components/stylesheets.tsx";
import { OPT_OUT_PAGE_TEXT } from "#app/forms/opt-out.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatPhone, telHref } from "#app/utils/phone.ts";
import type { Route } from "./+types/opt-out";

/**
 * The personal opt-out link of a text (app/.server/consent/opt-out-link.ts): one button that stops
 * advertising texts to the number the link was made for. A plain form, so it works without scripts;
 * never cached, indexed or sent in a Referer, and without the office's tags (personal-pages.ts).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { pack: site } = await effectivePack(requireSite(context, params.site).pack);
  const page = await optOutPage(site.slug, params.token);
  return data(
    {
      slug: site.slug,
      brand: site.brand.name,
      banner: { title: OPT_OUT_PAGE_TEXT.title, taglines: [site.brand.name] },
      eyebrow: site.brand.nameEn,
      phone: site.phone,
      page,
      done: new URL(request.url).searchParams.get("done") === "1",
    },
    { status: page ? 200 : 404, headers: PERSONAL_PAGE_HEADERS },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const site = requireSite(context, params.site);
  requireSameOrigin(request, context);
  const result = await withdrawByLink(site.slug, params.token);
  if (!result) throw data(OPT_OUT_PAGE_TEXT.invalid, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  // Post/redirect/get: a refresh asks nothing again.
  throw redirect(`/${site.slug}/optout/${params.token}${result.outcome === "withdrawn" ? "?done=1" : ""}`, {
    status: 303,
    headers: PERSONAL_PAGE_HEADERS,
  });
}

export const headers: Route.HeadersFunction = () => PERSONAL_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: OPT_OUT_PAGE_TEXT.title,
    description: "",
    path: `/${loaderData?.slug ?? ""}`,
    robots: "noindex,nofollow",
  });

export default function OptOutPage({ loaderData }: Route.ComponentProps) {
  const { brand, banner, eyebrow, phone, page, done } = loaderData;
  const submitting = useNavigation().state === "submitting";
  return (
    <>
      <FormsStylesheet />
      <PageBanner banner={banner} eyebrow={eyebrow} />
      <section className="lead-page opt-out">
        <div className="lead-card">
          <h2 className="lead-page__heading">{OPT_OUT_PAGE_TEXT.heading}</h2>
          {page ? (
            <>
              <p>{OPT_OUT_PAGE_TEXT.intro(brand)}</p>
              <dl className="lead-page__facts">
                <dt>{OPT_OUT_PAGE_TEXT.number}</dt>
                <dd>{page.phone}</dd>
                <dt>{OPT_OUT_PAGE_TEXT.salesPhone}</dt>
                <dd>
                  <a href={telHref(phone)}>{formatPhone(phone)}</a>
                </dd>
              </dl>
              <div role="status">
                {page.withdrawn ? (
                  <p className="lead-result lead-result--success">{done ? OPT_OUT_PAGE_TEXT.done : OPT_OUT_PAGE_TEXT.already}</p>
                ) : (
                  <Form method="post" replace className="opt-out__form">
                    <button type="submit" className="lead-submit" disabled={submitting}>
                      {submitting ? OPT_OUT_PAGE_TEXT.submitting : OPT_OUT_PAGE_TEXT.submit}
                    </button>
                    <p className="opt-out__note">{OPT_OUT_PAGE_TEXT.note}</p>
                  </Form>
                )}
              </div>
            </>
          ) : (
            <p role="status" className="lead-result lead-result--failure">
              {OPT_OUT_PAGE_TEXT.invalid}
            </p>
          )}
        </div>
      </section>
    </>
  );
}
