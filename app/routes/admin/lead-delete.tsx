import { Form, Link, redirect, useNavigation } from "react-router";
import { deleteLead, getLeadDetail } from "#app/.server/leads/record.ts";
import { requireSameOrigin } from "#app/.server/csrf.ts";
import { requireSite } from "#app/.server/site.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { formatKst } from "#app/utils/kst.ts";
import { ADMIN_HEADERS } from "./guard.server.ts";
import { requireAdmin } from "#app/.server/auth.ts";
import { notFound, requireLeadId } from "./lead.server.ts";
import type { Route } from "./+types/lead-delete";

// The confirmation is a page of its own, so it works the same with or without scripts.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const detail = await getLeadDetail(requireSite(context).slug, requireLeadId(params.id));
  if (!detail) throw notFound();
  const { lead, notes, changes, messages } = detail;
  return {
    lead: { id: lead.id, name: lead.name, phone: lead.phone, kind: lead.kind, createdAt: lead.createdAt },
    notes: notes.length + changes.length,
    messages: messages.length,
    kindLabels: requireSite(context).pack.leads.kindLabels,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const admin = await requireAdmin(request, context);
  // Deleting twice (a double click, a resent form) ends on the list all the same.
  await deleteLead(requireSite(context).slug, requireLeadId(params.id), admin);
  return redirect("/admin/leads?deleted=1", { status: 303, headers: ADMIN_HEADERS });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "고객 정보 삭제 | 관리자",
    description: "고객 정보 삭제",
    path: "/admin/leads",
    robots: "noindex,nofollow",
  });

export default function LeadDeletePage({ loaderData }: Route.ComponentProps) {
  const { lead, notes, messages, kindLabels } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="admin-page admin-page--narrow">
      <section className="admin-card admin-danger" aria-labelledby="delete-title">
        <h1 id="delete-title" className="admin-title">
          이 고객 정보를 삭제할까요?
        </h1>
        <dl className="admin-facts">
          <dt>고객</dt>
          <dd>
            {lead.name} · {formatPhone(lead.phone)}
          </dd>
          <dt>접수</dt>
          <dd>
            {kindLabels[lead.kind]} · {formatKst(lead.createdAt)}
          </dd>
          <dt>함께 삭제</dt>
          <dd>
            메모·상태 기록 {notes}건, 문자 기록 {messages}건
          </dd>
        </dl>
        <p>삭제하면 되돌릴 수 없습니다.</p>
        <Form method="post" replace className="admin-actions">
          <Link to={`/admin/leads/${lead.id}`} className="admin-button admin-button--ghost">
            취소
          </Link>
          <button type="submit" className="admin-button admin-button--danger" disabled={busy}>
            {busy ? "삭제 중…" : "삭제"}
          </button>
        </Form>
      </section>
    </div>
  );
}
