import { Form, Link, redirect, useNavigation } from "react-router";
import { changeContext, recordConsoleAccess } from "#app/.server/audit/access.ts";
import { listBin, restoreLead } from "#app/.server/leads/bin.ts";
import { requireSite } from "#app/.server/site.ts";
import { BIN_DAYS, RestoreFormSchema } from "#app/forms/admin.ts";
import { formatKst } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { ErrorList, type ConsoleFormAnswer } from "../forms.tsx";
import { signedInAdmin } from "../guard.server.ts";
import { parseConsoleForm } from "../submission.server.ts";
import { unlessRefused } from "./lead.server.ts";
import type { Route } from "./+types/leads-bin";
import { readWholeNumber } from "#app/forms/numbers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const site = requireSite(context);
  const bin = await listBin(site.slug);
  await recordConsoleAccess(context, admin, "leads.list", { leadIds: bin.map((lead) => lead.id), detail: { page: "bin" } });
  const restored = readWholeNumber(new URL(request.url).searchParams.get("restored")) ?? null;
  return {
    leads: bin.map((lead) => ({ ...lead, phone: formatPhone(lead.phone) })),
    restored,
    kindLabels: site.pack.leads.kindLabels,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const parsed = parseConsoleForm(await request.formData(), RestoreFormSchema);
  if (!parsed.ok) return parsed.refused;
  const { id } = parsed.value;
  unlessRefused(await restoreLead(changeContext(context, admin), id));
  return redirect(`/admin/leads/bin?restored=${id}`, { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "휴지통 | 관리자",
    description: "삭제한 고객 정보",
    path: "/admin/leads/bin",
    robots: "noindex,nofollow",
  });

export default function LeadsBinPage({ loaderData, actionData }: Route.ComponentProps) {
  const { leads, restored, kindLabels } = loaderData;
  const refused: ConsoleFormAnswer | undefined = actionData;
  const errors = refused ? Object.values(refused.result.error ?? {}).flat() : [];
  const navigation = useNavigation();
  const restoring = navigation.state === "submitting" ? navigation.formData?.get("id") : undefined;
  return (
    <div className="admin-page">
      <p className="admin-back">
        <Link to="/admin/leads">← 고객 접수 목록</Link>
      </p>
      <div className="admin-page__head">
        <h1 className="admin-title">휴지통</h1>
      </div>
      <p className="admin-muted">
        삭제한 고객 정보는 {BIN_DAYS}일 동안 여기에 보관되며 되살릴 수 있습니다. 그 뒤에는 메모·방문 예약·문자 기록과 함께 완전히 파기되고,
        파기 사실만 접속 기록에 남습니다.
      </p>
      {restored ? (
        <p className="admin-notice" role="status">
          <Link to={`/admin/leads/${restored}`}>접수 #{restored}</Link>을 되살렸습니다.
        </p>
      ) : null}
      {errors.length > 0 ? (
        <div className="admin-notice admin-notice--warning">
          <ErrorList id="bin-errors" errors={errors} />
        </div>
      ) : null}
      {leads.length === 0 ? (
        <p className="admin-card admin-empty__text">휴지통이 비어 있습니다.</p>
      ) : (
        <table className="admin-table admin-stack admin-bin">
          <thead>
            <tr>
              <th scope="col">유형</th>
              <th scope="col">이름</th>
              <th scope="col">연락처</th>
              <th scope="col">접수 시각</th>
              <th scope="col">삭제</th>
              <th scope="col">파기 예정</th>
              <th scope="col">
                <span className="visually-hidden">되살리기</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {leads.map((lead) => (
              <tr key={lead.id}>
                <td data-label="유형">
                  <span className={`admin-kind admin-kind--${lead.kind}`}>{kindLabels[lead.kind]}</span>
                </td>
                <td data-label="이름">
                  {lead.name} <span className="admin-muted">#{lead.id}</span>
                </td>
                <td data-label="연락처" className="admin-nowrap">
                  {lead.phone}
                </td>
                <td data-label="접수 시각" className="admin-nowrap">
                  {formatKst(lead.createdAt)}
                </td>
                <td data-label="삭제">
                  {formatKst(lead.deletedAt)} · {lead.deletedBy ?? "알 수 없음"}
                </td>
                <td data-label="파기 예정" className="admin-nowrap">
                  {formatKst(lead.destroyedAfter)} 이후
                </td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="id" value={lead.id} />
                    <button type="submit" className="admin-button" disabled={restoring === String(lead.id)}>
                      {restoring === String(lead.id) ? "되살리는 중…" : "되살리기"}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
