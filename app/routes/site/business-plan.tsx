import { data } from "react-router";
import { livePageHeaders } from "#app/.server/http.ts";
import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { listScheduleEntries } from "#app/.server/content/schedule-entries.ts";
import { ComingSoon } from "#app/components/pages/coming-soon.tsx";
import { SectionHeading } from "#app/components/pages/info.tsx";
import type { InfoSection } from "#app/content/types.ts";
import { pageHeaders } from "#app/utils/headers.ts";
import { kstDay } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { entryTiming, formatScheduleDays, type EntryTiming } from "#app/utils/schedule-days.ts";
import { SalesStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/business-plan";

const PATH = "/BusinessGuide/plan";

/** The heading over the office's schedule, once it has one (the pack's words announce that it is coming). */
const SCHEDULE_HEADING = (eyebrow: string): InfoSection => ({
  eyebrow,
  title: "분양일정 안내",
  intro: ["청약 접수부터 당첨자 발표, 계약까지의 일정입니다. 일정은 사정에 따라 바뀔 수 있으며, 입주자 모집공고의 내용이 우선합니다."],
});

const TIMING_MARKS: Partial<Record<EntryTiming, string>> = { today: "진행 중", past: "종료" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  const { label, schedule } = site.infoPages.comingSoon;
  const today = kstDay(new Date());
  // Read on every request, so an entry the office adds shows at once; caches must ask again.
  const entries = (await listScheduleEntries(site.slug)).map((entry) => ({
    id: entry.id,
    title: entry.title,
    days: formatScheduleDays(entry),
    note: entry.note,
    timing: entryTiming(entry, today),
  }));
  // Only what the page will show: the placeholder's words, or the entries under the section's label.
  const shown = entries.length > 0 ? { entries, eyebrow: schedule.eyebrow } : { comingSoon: { label, section: schedule } };
  return data({ page, ...shown }, { headers: livePageHeaders(true) });
}

export const headers = pageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
  });

export default function BusinessPlanPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.comingSoon) return <ComingSoon label={loaderData.comingSoon.label} section={loaderData.comingSoon.section} />;
  const { entries, eyebrow } = loaderData;
  return (
    <section className="info-page info-page--narrow sale-schedule" aria-labelledby="sale-schedule-title">
      <SalesStylesheet />
      <SectionHeading section={SCHEDULE_HEADING(eyebrow)} id="sale-schedule-title" />
      <table className="data-table sale-schedule__table">
        <caption className="visually-hidden">분양일정표</caption>
        <thead>
          <tr>
            <th scope="col">일정</th>
            <th scope="col">날짜 (요일)</th>
            <th scope="col">비고</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className={`sale-schedule__row sale-schedule__row--${entry.timing}`}>
              <th scope="row">
                {entry.title}
                {TIMING_MARKS[entry.timing] ? <span className="sale-schedule__mark">{TIMING_MARKS[entry.timing]}</span> : null}
              </th>
              <td className="sale-schedule__days">{entry.days}</td>
              <td className="sale-schedule__note">{entry.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
