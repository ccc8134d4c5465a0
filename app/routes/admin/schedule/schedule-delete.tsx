import { Form, Link, redirect, useNavigation } from "react-router";
import { deleteScheduleEntry, getScheduleEntry } from "#app/.server/content/schedule-entries.ts";
import { requireSite } from "#app/.server/site.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatScheduleDays } from "#app/utils/schedule-days.ts";
import { signedInAdmin } from "../guard.server.ts";
import { requireScheduleEntryId, scheduleEntryNotFound } from "./schedule.server.ts";
import type { Route } from "./+types/schedule-delete";

// The confirmation is a page of its own, so it works the same with or without scripts.
export async function loader({ params, context }: Route.LoaderArgs) {
  const entry = await getScheduleEntry(requireSite(context).slug, requireScheduleEntryId(params.id));
  if (!entry) throw scheduleEntryNotFound();
  return { id: entry.id, title: entry.title, days: formatScheduleDays(entry) };
}

export async function action({ params, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  // Deleting twice (a double click, a resent form) ends on the list all the same.
  await deleteScheduleEntry({ site: requireSite(context).slug, adminId: admin.id }, requireScheduleEntryId(params.id));
  return redirect("/admin/schedule?done=deleted", { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "일정 삭제 | 관리자",
    description: "분양 일정 삭제",
    path: "/admin/schedule",
    robots: "noindex,nofollow",
  });

export default function ScheduleDeletePage({ loaderData }: Route.ComponentProps) {
  const { id, title, days } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="admin-page admin-page--narrow">
      <section className="admin-card admin-danger" aria-labelledby="delete-title">
        <h1 id="delete-title" className="admin-title">
          이 일정을 삭제할까요?
        </h1>
        <p>
          「{title}」 {days}
        </p>
        <p>
          삭제하면 공개 분양일정 페이지와 첫 화면의 D-day에서 바로 사라집니다. 일정이 하나도 남지 않으면 「COMING SOON」이 다시 보입니다.
        </p>
        <Form method="post" replace className="admin-actions">
          <Link to={`/admin/schedule/${id}`} className="admin-button admin-button--ghost">
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
