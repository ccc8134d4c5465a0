import { Link, redirect } from "react-router";
import { getScheduleEntry, updateScheduleEntry } from "#app/.server/content/schedule-entries.ts";
import { requireSite } from "#app/.server/site.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { signedInAdmin } from "../guard.server.ts";
import { ScheduleEntryForm } from "./schedule-entry-form.tsx";
import { parseScheduleForm, requireScheduleEntryId, scheduleEntryNotFound } from "./schedule.server.ts";
import type { Route } from "./+types/schedule-edit";

export async function loader({ params, context }: Route.LoaderArgs) {
  const entry = await getScheduleEntry(requireSite(context).slug, requireScheduleEntryId(params.id));
  if (!entry) throw scheduleEntryNotFound();
  return { id: entry.id, values: { title: entry.title, startsOn: entry.startsOn, endsOn: entry.endsOn ?? "", note: entry.note } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const id = requireScheduleEntryId(params.id);
  const parsed = parseScheduleForm(await request.formData(), context);
  if (!parsed.ok) return parsed.refused;
  const result = await updateScheduleEntry({ site: requireSite(context).slug, adminId: admin.id }, id, parsed.value, {
    adCopy: parsed.adCopy,
  });
  if (result === "not-found") throw scheduleEntryNotFound();
  throw redirect("/admin/schedule?done=saved", { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "일정 수정 | 관리자",
    description: "분양 일정 수정",
    path: "/admin/schedule",
    robots: "noindex,nofollow",
  });

export default function ScheduleEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { id, values } = loaderData;
  return (
    <div className="admin-page admin-page--narrow">
      <p className="admin-back">
        <Link to="/admin/schedule">← 분양 일정</Link>
      </p>
      <section className="admin-card schedule-edit" aria-labelledby="schedule-edit-title">
        <h1 id="schedule-edit-title" className="admin-title">
          일정 수정
        </h1>
        <ScheduleEntryForm values={values} lastResult={actionData?.result} submitLabel="저장" cancelTo="/admin/schedule" />
        <p className="schedule-edit__delete">
          <Link to={`/admin/schedule/${id}/delete`} className="admin-button admin-button--ghost">
            이 일정 삭제
          </Link>
        </p>
      </section>
    </div>
  );
}
