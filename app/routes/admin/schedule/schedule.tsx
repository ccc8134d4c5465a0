import { useEffect } from "react";
import { Link, redirect } from "react-router";
import { addScheduleEntry, listScheduleEntries } from "#app/.server/content/schedule-entries.ts";
import { requireSite } from "#app/.server/site.ts";
import { kstDay } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { entryTiming, formatScheduleDays, type EntryTiming } from "#app/utils/schedule-days.ts";
import { signedInAdmin } from "../guard.server.ts";
import { EMPTY_SCHEDULE_ENTRY, ScheduleEntryForm } from "./schedule-entry-form.tsx";
import { parseScheduleForm } from "./schedule.server.ts";
import type { Route } from "./+types/schedule";

/** Where the public site lists the schedule (the pack's "COMING SOON" page until an entry exists). */
const PUBLIC_SCHEDULE_PATH = "/BusinessGuide/plan";

const TIMING_LABELS: Record<EntryTiming, string> = { past: "지난 일정", today: "진행 중", upcoming: "예정" };

const MESSAGES = { added: "일정을 추가했습니다.", saved: "일정을 저장했습니다.", deleted: "일정을 삭제했습니다." } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requireSite(context).slug;
  const today = kstDay(new Date());
  const entries = await listScheduleEntries(site);
  const done = new URL(request.url).searchParams.get("done");
  return {
    entries: entries.map((entry) => ({
      id: entry.id,
      title: entry.title,
      days: formatScheduleDays(entry),
      note: entry.note,
      timing: entryTiming(entry, today),
    })),
    message: done && done in MESSAGES ? MESSAGES[done as keyof typeof MESSAGES] : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const parsed = parseScheduleForm(await request.formData(), context);
  if (!parsed.ok) return parsed.refused;
  await addScheduleEntry({ site: requireSite(context).slug, adminId: admin.id }, parsed.value, { adCopy: parsed.adCopy });
  throw redirect("/admin/schedule?done=added", { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "분양 일정 | 관리자", description: "분양 일정", path: "/admin/schedule", robots: "noindex,nofollow" });

export default function ScheduleAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, message } = loaderData;
  useForgetMessage(message);
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">분양 일정</h1>
        <div className="admin-actions">
          <a href={PUBLIC_SCHEDULE_PATH} className="admin-button admin-button--ghost" target="_blank" rel="noreferrer">
            공개 페이지 보기
          </a>
        </div>
      </div>
      {message ? (
        <p className="admin-notice" role="status">
          {message}
        </p>
      ) : null}
      <section className="admin-card" aria-labelledby="schedule-list-title">
        <h2 id="schedule-list-title" className="admin-card__title">
          일정 {entries.length}건
        </h2>
        {entries.length === 0 ? (
          <p className="admin-empty__text">
            아직 일정이 없습니다. 일정을 하나라도 추가하면 분양일정 페이지의 「COMEING SOON」 대신 일정표가 보이고, 첫 화면에 다음 일정의
            D-day가 나옵니다.
          </p>
        ) : (
          <ol className="schedule-rows">
            {entries.map((entry) => (
              <li key={entry.id} className={`schedule-row schedule-row--${entry.timing}`}>
                <p className="schedule-row__title">
                  <span className={`schedule-badge schedule-badge--${entry.timing}`}>{TIMING_LABELS[entry.timing]}</span>
                  {entry.title}
                </p>
                <p className="schedule-row__days">{entry.days}</p>
                {entry.note ? <p className="schedule-row__note">{entry.note}</p> : null}
                <div className="admin-actions schedule-row__actions">
                  <Link to={`/admin/schedule/${entry.id}`} className="admin-button admin-button--ghost" aria-label={`${entry.title} 수정`}>
                    수정
                  </Link>
                  <Link
                    to={`/admin/schedule/${entry.id}/delete`}
                    className="admin-button admin-button--ghost"
                    aria-label={`${entry.title} 삭제`}
                  >
                    삭제
                  </Link>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="admin-card" aria-labelledby="schedule-add-title">
        <h2 id="schedule-add-title" className="admin-card__title">
          일정 추가
        </h2>
        {/* A fresh form after each save; a refused one keeps what was typed. */}
        <ScheduleEntryForm key={message ?? "form"} values={EMPTY_SCHEDULE_ENTRY} lastResult={actionData?.result} submitLabel="추가" />
      </section>
    </div>
  );
}

/** The message stays on screen, but a reload (with scripts) does not announce the same save again. */
function useForgetMessage(message: string | null) {
  useEffect(() => {
    if (!message) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("done");
    window.history.replaceState(window.history.state, "", url);
  }, [message]);
}
