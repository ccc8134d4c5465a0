import { data, Link, redirect } from "react-router";
import { changeContext, recordConsoleAccess } from "#app/.server/audit/access.ts";
import { FORBIDDEN_MESSAGE } from "#app/.server/auth/sign-in.ts";
import { getLeadDetail } from "#app/.server/leads/record.ts";
import { leadTextsPanel, recordMarketingOptOut, textLead } from "#app/.server/leads/texts.ts";
import { textPack } from "#app/.server/content/site-settings.ts";
import { maySee } from "#app/.server/leads/visibility.ts";
import { requireSite } from "#app/.server/site.ts";
import { advertisingWrap } from "#app/.server/sms/advertising.ts";
import { leadTextPostSchema } from "#app/forms/lead-text.ts";
import { can } from "#app/permissions.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { signedInAdmin } from "../guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "../submission.server.ts";
import { LeadTexts } from "./lead-text-form.tsx";
import { notFound, requireLeadId, unlessRefused } from "./lead.server.ts";
import type { Route } from "./+types/lead-text";

/**
 * Texting a customer from their lead: the action behind the lead page's text form, and a page of
 * its own where a refused post without JavaScript shows what was wrong.
 */

const REFUSALS = {
  "no-consent": "이 고객은 광고성 정보 문자 수신에 동의하지 않아 광고 문자를 보낼 수 없습니다. 광고성 문자 표시를 빼고 보내 주세요.",
  "opted-out": "이 고객은 광고 문자 수신을 거부했습니다. 광고성 문자 표시를 빼고 보내 주세요.",
} as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const id = requireLeadId(params.id);
  const { slug } = requireSite(context);
  const detail = await getLeadDetail(slug, id);
  if (!detail || !maySee(admin, detail.lead)) throw notFound();
  const texts = await leadTextsPanel(admin, await textPack(slug), detail.lead, detail.messages);
  await recordConsoleAccess(context, admin, "lead.view", { leadIds: [id] });
  return { lead: { id, name: detail.lead.name }, texts, outboxLink: can(admin.role, "outbox.view") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const id = requireLeadId(params.id);
  const change = changeContext(context, admin);
  const pack = await textPack(change.site);
  const parsed = parseConsoleForm(
    await request.formData(),
    leadTextPostSchema({
      wrap: advertisingWrap(pack),
      advertisingTemplates: pack.leads.sms.templates.filter((template) => template.advertising).map((template) => template.key),
    }),
  );
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  const back = (outcome: string) => redirect(`/admin/leads/${id}?text=${outcome}#texts`, { status: 303 });
  if (post.intent === "opt-out") {
    const outcome = unlessRefused(await recordMarketingOptOut(change, id));
    return back(outcome === "withdrawn" ? "opted-out" : "already-opted-out");
  }
  const result = await textLead(change, id, post);
  switch (result.outcome) {
    case "not-found":
      throw notFound();
    case "forbidden":
      throw data(FORBIDDEN_MESSAGE, { status: 403 });
    case "no-consent":
    case "opted-out":
      return refuseSubmission(
        parsed.submission,
        { fieldErrors: { advertising: [REFUSALS[result.outcome]] } },
        { status: 409, extra: { intent: post.intent } },
      );
    case "queued":
      // The message's id makes each answer a new address, so the form starts empty for the next text.
      return back(`${result.held ? "held" : result.sendsAt ? "later" : "queued"}&message=${result.outboxId}`);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData ? `${loaderData.lead.name} 고객에게 문자 | 관리자` : "문자 보내기 | 관리자",
    description: "고객에게 문자 보내기",
    path: loaderData ? `/admin/leads/${loaderData.lead.id}/text` : "/admin/leads",
    robots: "noindex,nofollow",
  });

export default function LeadTextPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, texts, outboxLink } = loaderData;
  return (
    <div className="admin-page">
      <p className="admin-back">
        <Link to={`/admin/leads/${lead.id}`}>← {lead.name} 고객 접수</Link>
      </p>
      <div className="admin-page__head">
        <h1 className="admin-title">{lead.name} 고객에게 문자</h1>
      </div>
      <LeadTexts leadId={lead.id} panel={texts} outboxLink={outboxLink} answer={actionData?.result} />
    </div>
  );
}
