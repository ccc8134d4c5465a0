import { data, Form, redirect, useNavigation } from "react-router";
import { readAttribution } from "#app/.server/attribution.ts";
import { getClientAddress } from "#app/.server/client-address.ts";
import { requireSameOrigin } from "#app/.server/csrf.ts";
import { PERSONAL_PAGE_HEADERS } from "#app/.server/http.ts";
import { effectivePack } from "#app/.server/content/site-settings.ts";
import { leadClient } from "#app/.server/leads/client.ts";
import { requireSite } from "#app/.server/site.ts";
import { clientKey, textBudgetOf } from "#app/.server/spam.ts";
import { claimWaitlistPlace } from "#app/.server/visits/waitlist-claim.ts";
import { findWaitlistEntry, withdrawWaitlistByLink } from "#app/.server/visits/waitlist.ts";
import { PageBanner } from "#app/components/frame/page-banner.tsx";
import { FormsStylesheet } from "#app/components/stylesheets.tsx";
import { LEAD_FORM_TEXT } from "#app/forms/lead.ts";
import { PARTY_SIZE_TEXT } from "#app/forms/visit.ts";
import { VISIT_REFUSALS } from "#app/forms/visit-refusals.ts";
import { WAITLIST_INTENTS, WAITLIST_TEXT } from "#app/forms/visit-pages.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatPhone, telHref } from "#app/utils/phone.ts";
import type { Route } from "./+types/waitlist-entry";

/**
 * A waitlist entry's own page, from its texts (/{site}/waitlist/{token}): the place in line, the
 * place held for the visitor with its deadline and 예약 확정하기, or what became of it. Only the
 * link's holder reaches it (docs/decisions/024): no tags, never cached or indexed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { pack: site } = await effectivePack(requireSite(context, params.site).pack);
  const page = await findWaitlistEntry(params.token);
  const entry = page.state === "invalid" || page.entry.site !== site.slug ? null : page.entry;
  return data(
    {
      slug: site.slug,
      banner: site.leads.visitPage.banner,
      eyebrow: site.brand.nameEn,
      phone: site.phone,
      state: entry ? page.state : "invalid",
      entry: entry && {
        name: entry.name,
        when: entry.when,
        partySize: entry.partySize,
        position: entry.position,
        holdUntil: entry.holdUntil,
        bookingToken: entry.bookingToken,
      },
    },
    { status: entry ? 200 : 404, headers: PERSONAL_PAGE_HEADERS },
  );
}

/** 예약 확정하기 (claim) or 대기 취소 / 양보 (withdraw); then the page again, or why the claim failed. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const site = requireSite(context, params.site).pack;
  requireSameOrigin(request, context);
  const form = await request.formData();
  const intent = WAITLIST_INTENTS.find((candidate) => candidate === form.get("intent"));
  const here = `/${site.slug}/waitlist/${params.token}`;
  const found = await findWaitlistEntry(params.token);
  if (found.state === "invalid" || found.entry.site !== site.slug) throw redirect(here, { status: 303, headers: PERSONAL_PAGE_HEADERS });
  if (intent === "withdraw") {
    await withdrawWaitlistByLink(params.token);
    throw redirect(here, { status: 303, headers: PERSONAL_PAGE_HEADERS });
  }
  if (intent !== "claim") return data({ error: VISIT_REFUSALS.unknown }, { status: 400, headers: PERSONAL_PAGE_HEADERS });
  const client = await leadClient(request);
  const headers = new Headers(PERSONAL_PAGE_HEADERS);
  if (client.setCookie) headers.append("Set-Cookie", client.setCookie);
  const claimed = await claimWaitlistPlace(
    params.token,
    {
      clientId: client.clientId,
      sourceKey: clientKey(getClientAddress(context)),
      userAgent: request.headers.get("User-Agent") ?? "",
      attribution: readAttribution(request),
    },
    { budget: textBudgetOf(site.slug) },
  );
  if (claimed.ok || !claimed.reason) throw redirect(here, { status: 303, headers });
  return data({ error: VISIT_REFUSALS[claimed.reason] }, { status: 409, headers });
}

export const headers: Route.HeadersFunction = () => PERSONAL_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: WAITLIST_TEXT.pageTitle,
    description: "",
    path: `/${loaderData?.slug ?? ""}/customer`,
    robots: "noindex,nofollow",
  });

export default function WaitlistEntryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, banner, eyebrow, phone, state, entry } = loaderData;
  const navigation = useNavigation();
  const busyWith = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <>
      <FormsStylesheet />
      <PageBanner banner={banner} eyebrow={eyebrow} />
      <section className="lead-page visit-cancel waitlist-entry">
        <div className="lead-card">
          <h2 className="lead-page__heading">{WAITLIST_TEXT.pageHeading}</h2>
          {entry ? (
            <dl className="lead-page__facts">
              <dt>{WAITLIST_TEXT.visitor}</dt>
              <dd>{entry.name}</dd>
              <dt>{WAITLIST_TEXT.when}</dt>
              <dd>{entry.when}</dd>
              <dt>{WAITLIST_TEXT.partySize}</dt>
              <dd>{PARTY_SIZE_TEXT.option(entry.partySize)}</dd>
              {state === "waiting" && entry.position ? (
                <>
                  <dt>{WAITLIST_TEXT.status}</dt>
                  <dd>{WAITLIST_TEXT.position(entry.position)}</dd>
                </>
              ) : null}
              <dt>{LEAD_FORM_TEXT.facts.salesPhone}</dt>
              <dd>
                <a href={telHref(phone)}>{formatPhone(phone)}</a>
              </dd>
            </dl>
          ) : null}
          <div role="status" className="visit-cancel__state">
            {actionData?.error ? <p className="lead-result lead-result--failure">{actionData.error}</p> : null}
            {state === "offered" && entry ? (
              <Form method="post" replace className="visit-cancel__change">
                <p className="lead-result lead-result--success">{WAITLIST_TEXT.offered(entry.holdUntil ?? "")}</p>
                <div className="visit-cancel__actions">
                  <button type="submit" name="intent" value="claim" className="lead-submit" disabled={busyWith === "claim"}>
                    {busyWith === "claim" ? WAITLIST_TEXT.claiming : WAITLIST_TEXT.claim}
                  </button>
                  <button type="submit" name="intent" value="withdraw" className="lead-secondary" disabled={busyWith === "withdraw"}>
                    {busyWith === "withdraw" ? WAITLIST_TEXT.withdrawing : WAITLIST_TEXT.giveUp}
                  </button>
                </div>
              </Form>
            ) : state === "waiting" ? (
              <Form method="post" replace className="visit-cancel__cancel">
                <p>{WAITLIST_TEXT.waitingNote}</p>
                <button type="submit" name="intent" value="withdraw" className="lead-secondary" disabled={busyWith === "withdraw"}>
                  {busyWith === "withdraw" ? WAITLIST_TEXT.withdrawing : WAITLIST_TEXT.withdraw}
                </button>
              </Form>
            ) : state === "claimed" && entry ? (
              <>
                <p className="lead-result lead-result--success">{WAITLIST_TEXT.claimed(entry.when)}</p>
                {entry.bookingToken ? (
                  <a className="lead-secondary" href={`/${slug}/visit/${entry.bookingToken}`}>
                    {WAITLIST_TEXT.bookingPage}
                  </a>
                ) : null}
              </>
            ) : state === "invalid" ? (
              <p className="lead-result lead-result--failure">{WAITLIST_TEXT.invalid}</p>
            ) : (
              <>
                <p className="lead-result lead-result--failure">
                  {state === "passed" ? WAITLIST_TEXT.passed : state === "withdrawn" ? WAITLIST_TEXT.withdrawn : WAITLIST_TEXT.ended}
                </p>
                <a className="lead-secondary" href={`/${slug}/customer`}>
                  {WAITLIST_TEXT.bookAgain}
                </a>
              </>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
