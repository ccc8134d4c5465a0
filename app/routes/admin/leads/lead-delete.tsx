import { data, Form, Link, redirect, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { moveLeadToBin } from "#app/.server/leads/bin.ts";
import { BIN_DAYS } from "#app/forms/admin.ts";
import { getLeadDetail } from "#app/.server/leads/record.ts";
import { unitsOfLead } from "#app/.server/units/board.ts";
import { listLeadBookings } from "#app/.server/visits/console.ts";
import { requireSite } from "#app/.server/site.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { formatKst } from "#app/utils/kst.ts";
import { signedInAdmin } from "../guard.server.ts";
import { FORBIDDEN_MESSAGE } from "#app/.server/auth/sign-in.ts";
import { notFound, requireLeadId } from "./lead.server.ts";
import type { Route } from "./+types/lead-delete";

// The confirmation is a page of its own, so it works the same with or without scripts.
export async function loader({ params, context }: Route.LoaderArgs) {
  const detail = await getLeadDetail(requireSite(context).slug, requireLeadId(params.id));
  if (!detail) throw notFound();
  const { lead, notes, changes, messages } = detail;
  const now = new Date();
  const [units, bookings] = await Promise.all([unitsOfLead(requireSite(context).slug, lead, now), listLeadBookings(lead.id)]);
  return {
    lead: { id: lead.id, name: lead.name, phone: lead.phone, kind: lead.kind, createdAt: lead.createdAt },
    notes: notes.length + changes.length,
    messages: messages.length,
    held: units.filter((unit) => unit.forThisLead && unit.status === "held").map((unit) => unit.label),
    sold: units.filter((unit) => unit.forThisLead && unit.status === "contracted").map((unit) => unit.label),
    visits: bookings
      .filter((booking) => booking.status === "booked" && booking.startsAt > now)
      .reverse()
      .map((booking) => booking.when),
    kindLabels: requireSite(context).pack.leads.kindLabels,
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  // Deleting twice (a double click, a resent form) ends on the list all the same.
  const outcome = await moveLeadToBin(changeContext(context, admin), requireLeadId(params.id));
  if (outcome === "forbidden") throw data(FORBIDDEN_MESSAGE, { status: 403 });
  return redirect("/admin/leads?deleted=1", { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "고객 정보 삭제 | 관리자",
    description: "고객 정보 삭제",
    path: "/admin/leads",
    robots: "noindex,nofollow",
  });

export default function LeadDeletePage({ loaderData }: Route.ComponentProps) {
  const { lead, notes, messages, held, sold, visits, kindLabels } = loaderData;
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
          <dt>함께 옮김</dt>
          <dd>
            메모·상태 기록 {notes}건, 문자 기록 {messages}건
          </dd>
          {held.length > 0 ? (
            <>
              <dt>홀드 해제</dt>
              <dd>{held.join(", ")} (삭제하면 홀드가 풀려 다시 분양할 수 있습니다)</dd>
            </>
          ) : null}
          {sold.length > 0 ? (
            <>
              <dt>계약 세대</dt>
              <dd>{sold.join(", ")} (계약 완료로 남고, 동호수 현황에는 고객 이름 없이 보입니다)</dd>
            </>
          ) : null}
          {visits.length > 0 ? (
            <>
              <dt>예약 취소</dt>
              <dd>{visits.join(", ")} 방문 예약 (그 자리는 다른 방문객에게 돌아가며, 고객에게 문자는 보내지 않습니다)</dd>
            </>
          ) : null}
        </dl>
        <p>
          휴지통으로 옮기면 목록·내려받기·문자 발송에서 빠집니다. {BIN_DAYS}일 안에는 휴지통에서 되살릴 수 있고, 그 뒤에는 완전히 파기되어
          되돌릴 수 없습니다.
        </p>
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
