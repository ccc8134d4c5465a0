import { data, Form, Link, redirect } from "react-router";
import { requireSite } from "#app/.server/site.ts";
import { bookingsOutsideHours, listBookableSchedule } from "#app/.server/visits/schedule.ts";
import { textPack } from "#app/.server/content/site-settings.ts";
import { changeSlotCapacity, closeDayByStaff, listScheduleForAdmin, openDaysByStaff, type AdminDay } from "#app/.server/visits/console.ts";
import {
  bookedVisitorsOfDay,
  cancelBookingByStaff,
  closeDayAndTellVisitors,
  markAttendance,
  moveBookingByStaff,
} from "#app/.server/visits/office.ts";
import { clearBurstReview, listBookingsForReview, markBurstAsSpam } from "#app/.server/visits/review.ts";
import { saveVisitSettings, visitSettingsOf } from "#app/.server/visits/settings.ts";
import { listWaitlists, withdrawWaitlistByStaff } from "#app/.server/visits/waitlist.ts";
import {
  BOOKING_STATUS_LABELS,
  CUSTOMER_ACTOR,
  placesTaken,
  SCHEDULE_DAYS,
  VisitScheduleFormSchema,
  WAITLIST_STATUS_LABELS,
} from "#app/forms/admin-visits.ts";
import { visitMarkRefusal } from "#app/forms/admin.ts";
import { VISIT_REFUSALS } from "#app/forms/visit-refusals.ts";
import {
  PLACE_HOLDING_STATUSES,
  WAITLIST_ACTIVE_STATUSES,
  type BookingStatus,
  type CapacityUnit,
  type WaitlistStatus,
} from "#app/vocabulary.ts";
import { addDays, formatKoreanDate, formatKst, isCalendarDay, kstDay } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatPhone, maskPhone, telHref } from "#app/utils/phone.ts";
import { changeContext, recordConsoleAccess } from "#app/.server/audit/access.ts";
import { maskName } from "#app/.server/leads/messages.ts";
import { maySee, mayWork, shownPhone, type Viewer } from "#app/.server/leads/visibility.ts";
import { can } from "#app/permissions.ts";
import { revalidateAfterConflict, ErrorList, type ConsoleFormAnswer } from "../forms.tsx";
import { signedInAdmin, requireCalendarDays } from "../guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "../submission.server.ts";
import { BookingReview } from "./visit-review.tsx";
import { OutsideHoursNote } from "./outside-hours-note.tsx";
import { AttendanceForm, CapacityForm, FIELD_FORMS, MoveForm, VisitSettingsForm, type Reply } from "./visit-forms.tsx";
import type { Route } from "./+types/visits";

function parseDay(value: string | null) {
  return isCalendarDay(value) ? value : undefined;
}

/** ?from= starts the fortnight (today by default); ?day= is the day shown in full (the first by default). */
function readPage(url: URL) {
  const today = kstDay(new Date());
  const from = parseDay(url.searchParams.get("from")) ?? today;
  const day = parseDay(url.searchParams.get("day")) ?? from;
  return { today, from, day };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const url = new URL(request.url);
  requireCalendarDays(url, ["from", "day"]);
  const { today, from, day } = readPage(url);
  const site = requireSite(context).pack;
  const dates = Array.from({ length: SCHEDULE_DAYS }, (_, index) => addDays(from, index));
  const fortnight = await listScheduleForAdmin(site.slug, { from, days: SCHEDULE_DAYS });
  // The day shown in full is usually one of the fortnight's; only a day outside it needs a query.
  const [shown] = dates.includes(day)
    ? fortnight.filter((entry) => entry.day === day)
    : await listScheduleForAdmin(site.slug, { from: day, days: 1 });
  const days = dates.map((date) => fortnight.find((entry) => entry.day === date) ?? emptyDay(date));
  const shownDay = shown ?? emptyDay(day);
  const [todaysDay] =
    from === today ? fortnight.filter((entry) => entry.day === today) : await listScheduleForAdmin(site.slug, { from: today, days: 1 });
  const todays = (todaysDay?.slots ?? []).flatMap((slot) =>
    slot.bookings.map((booking) => ({ ...shownBooking(admin, booking), time: slot.time })),
  );
  const manage = can(admin.role, "visits.manage");
  const review = manage ? (await listBookingsForReview(site.slug)).map((booking) => shownBooking(admin, booking)) : [];
  const settings = await visitSettingsOf(site.slug);
  const waitlists = await listWaitlists(
    site.slug,
    shownDay.slots.map((slot) => slot.id),
  );
  await recordConsoleAccess(context, admin, "visits.view", {
    leadIds: [...new Set([...shownDay.slots.flatMap((slot) => slot.bookings), ...todays, ...review].map((booking) => booking.leadId))],
    detail: { day: shownDay.day, waitlistEntries: waitlists.map((entry) => entry.id) },
  });
  return {
    today,
    from,
    todays,
    day: {
      ...shownDay,
      slots: shownDay.slots.map((slot) => ({
        ...slot,
        bookings: slot.bookings.map((booking) => shownBooking(admin, booking)),
        waitlist: waitlists.filter((entry) => entry.slotId === slot.id).map((entry) => shownWaitlistEntry(manage, entry)),
      })),
    },
    may: { manage },
    settings,
    review,
    /** The times a booking can be moved to: open, still ahead, with room. */
    moveTargets: manage
      ? (await listBookableSchedule(site.slug)).map((entry) => ({
          label: entry.label,
          slots: entry.slots.filter((slot) => slot.state === "open").map(({ id, time, remaining }) => ({ id, time, remaining })),
        }))
      : [],
    days: days.map((entry) => ({ day: entry.day, label: entry.label, ...totals(entry, settings.capacityUnit) })),
    slotTimes: site.leads.visits.slotTimes,
    outsideHours: await bookingsOutsideHours(site.slug),
    hours: (await textPack(site.slug)).modelHouse.hours,
  };
}

type Booking = AdminDay["slots"][number]["bookings"][number];

/**
 * A booking as this person may see it: whoever may see the lead sees the name (the number masked
 * unless they work it) and a link to it; a lead of another counsellor shows a masked name only;
 * a lead in the bin shows neither.
 */
function shownBooking<Shown extends Booking>(viewer: Viewer, booking: Shown) {
  const { assigneeId, deletedAt, cancelledAt, cancelledByName, ...rest } = booking;
  const lead = { assigneeId, deletedAt, phone: booking.phone };
  const shown = {
    ...rest,
    cancelledAt: cancelledAt ? formatKst(cancelledAt) : null,
    cancelledBy: cancelledAt ? (cancelledByName ?? CUSTOMER_ACTOR) : null,
  };
  if (deletedAt) return { ...shown, name: "휴지통의 고객", phone: "", tel: null, linked: false, mayMark: false };
  if (!maySee(viewer, lead)) {
    return { ...shown, name: maskName(booking.name), phone: maskPhone(booking.phone), tel: null, linked: false, mayMark: false };
  }
  // Only a number the person may see whole can be called; whoever works the lead marks the visit (a counsellor their own).
  const works = mayWork(viewer, lead);
  return { ...shown, phone: shownPhone(viewer, lead), tel: works ? telHref(booking.phone) : null, linked: true, mayMark: works };
}

/**
 * A waitlist entry as this person sees it: the office (visits.manage) the name and number to call,
 * a counsellor both masked (an entry is nobody's lead yet). With what happened, in Korean time.
 */
function shownWaitlistEntry(
  manage: boolean,
  entry: Awaited<ReturnType<typeof listWaitlists>>[number],
): {
  id: number;
  name: string;
  phone: string;
  tel: string | null;
  partySize: number;
  status: WaitlistStatus;
  active: boolean;
  history: string;
} {
  const time = (at: Date | null) => (at ? formatKst(at).slice(5) : "");
  const steps = [`신청 ${time(entry.createdAt)}`];
  if (entry.offeredAt) steps.push(`자리 안내 ${time(entry.offeredAt)} (기한 ${time(entry.offerExpiresAt)})`);
  if (entry.closedAt) {
    const by = entry.status === "withdrawn" ? ` · ${entry.withdrawnByName ?? CUSTOMER_ACTOR}` : "";
    steps.push(`${WAITLIST_STATUS_LABELS[entry.status]} ${time(entry.closedAt)}${by}`);
  }
  return {
    id: entry.id,
    name: manage ? entry.name : maskName(entry.name),
    phone: manage ? formatPhone(entry.phone) : maskPhone(entry.phone),
    tel: manage ? telHref(entry.phone) : null,
    partySize: entry.partySize,
    status: entry.status,
    active: (WAITLIST_ACTIVE_STATUSES as readonly WaitlistStatus[]).includes(entry.status),
    history: steps.join(" → "),
  };
}

function emptyDay(day: string): AdminDay {
  return { day, label: formatKoreanDate(day), open: false, slots: [] };
}

function totals(
  day: { open: boolean; slots: { open: boolean; capacity: number; bookings: { status: BookingStatus; partySize: number }[] }[] },
  unit: CapacityUnit,
) {
  const open = day.slots.filter((slot) => slot.open);
  return {
    state: day.slots.length === 0 ? ("unscheduled" as const) : day.open ? ("open" as const) : ("closed" as const),
    booked: day.slots.reduce((sum, slot) => sum + placesTaken(slot.bookings, unit), 0),
    capacity: open.reduce((sum, slot) => sum + slot.capacity, 0),
  };
}

type Answer = ConsoleFormAnswer | { intent: "close-day"; confirmClose: ConfirmClose };

interface ConfirmClose {
  day: string;
  label: string;
  visitors: { id: number; name: string; time: string; phone: string }[];
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const parsed = parseConsoleForm(await request.formData(), VisitScheduleFormSchema);
  if (!parsed.ok) return parsed.refused;
  const site = requireSite(context).pack.slug;
  const form = parsed.value;
  const change = changeContext(context, admin);
  const refused = (error: string, { status = 409, field }: { status?: number; field?: string } = {}) =>
    refuseSubmission(parsed.submission, field ? { fieldErrors: { [field]: [error] } } : { formErrors: [error] }, {
      status,
      extra: { intent: form.intent },
    });
  switch (form.intent) {
    case "open-day":
      await openDaysByStaff(change, [form.day]);
      break;
    case "close-day": {
      const visitors = await bookedVisitorsOfDay(site, form.day);
      if (visitors.length > 0) {
        // The page asks first, listing whom closing would cancel (works without JavaScript).
        await recordConsoleAccess(context, admin, "visits.view", {
          leadIds: visitors.map((visitor) => visitor.leadId),
          detail: { intent: "close-day", day: form.day },
        });
        const confirmClose: ConfirmClose = {
          day: form.day,
          label: formatKoreanDate(form.day),
          visitors: visitors.map((visitor) => ({
            id: visitor.id,
            name: visitor.name,
            time: visitor.time,
            phone: formatPhone(visitor.phone),
          })),
        };
        return data<Answer>({ intent: "close-day", confirmClose });
      }
      await closeDayByStaff(change, form.day);
      break;
    }
    case "close-day-confirmed":
      await closeDayAndTellVisitors(change, form.day);
      break;
    case "capacity": {
      const changed = await changeSlotCapacity(change, form.slotId, form.capacity);
      if (!changed.ok) {
        return changed.reason === "below-booked"
          ? refused(`이미 ${changed.booked}명이 예약한 시간입니다. 정원을 ${changed.booked}명보다 줄일 수 없습니다.`, { field: "capacity" })
          : refused("시간대를 찾을 수 없습니다.");
      }
      break;
    }
    case "attendance": {
      const marked = await markAttendance(change, form.bookingId, form.status, new Date(), { shown: form.shown });
      if (marked === "too-early" || typeof marked === "object") return refused(visitMarkRefusal(marked));
      if (marked === "forbidden") return refused("담당으로 배정된 고객의 방문만 표시할 수 있습니다.", { status: 403 });
      if (marked !== "done") return refused("취소되었거나 없는 예약입니다.");
      break;
    }
    case "cancel-booking":
      if ((await cancelBookingByStaff(change, form.bookingId)) !== "done") return refused("이미 취소되었거나 없는 예약입니다.");
      break;
    case "move-booking": {
      const moved = await moveBookingByStaff(change, form.bookingId, form.slotId);
      if (moved === "not-found") return refused("이미 취소되었거나 없는 예약입니다.");
      if (moved === "forbidden") return refused("권한이 없습니다.", { status: 403 });
      if (moved !== "done") return refused(VISIT_REFUSALS[moved], { field: "slotId" });
      break;
    }
    case "burst-spam":
      if (!(await markBurstAsSpam(change, form.bookingIds)).ok) return refused("권한이 없습니다.", { status: 403 });
      break;
    case "burst-clear":
      if (!(await clearBurstReview(change, form.bookingIds)).ok) return refused("권한이 없습니다.", { status: 403 });
      break;
    case "visit-settings":
      await saveVisitSettings(change, {
        capacityUnit: form.capacityUnit,
        holdMinutes: form.holdMinutes,
        sameDayReminderHours: form.sameDayReminderHours,
      });
      break;
    case "waitlist-withdraw":
      if ((await withdrawWaitlistByStaff(change, form.entryId)) !== "done") return refused("이미 대기에서 빠졌거나 없는 대기 신청입니다.");
      break;
    default:
      form satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
  return redirect(`/admin/visits${new URL(request.url).search}`, { status: 303 });
}

/** A post refused because the page was old (409) redraws the page beside its answer. */
export const shouldRevalidate = revalidateAfterConflict;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "방문 예약 | 관리자",
    description: "견본주택 방문 예약 일정",
    path: "/admin/visits",
    robots: "noindex,nofollow",
  });

const STATE_LABELS = { open: "예약 받는 중", closed: "휴관", unscheduled: "일정 없음" } as const;

type ShownBooking = Route.ComponentProps["loaderData"]["todays"][number];
type MoveTargets = Route.ComponentProps["loaderData"]["moveTargets"];

export default function VisitSchedulePage({ loaderData, actionData }: Route.ComponentProps) {
  const { today, from, todays, day, days, slotTimes, may, moveTargets, review, outsideHours, hours, settings } = loaderData;
  const pageQuery = (params: Record<string, string>) => `?${new URLSearchParams({ from, ...params })}#visit-day`;
  const dayState = totals(day, settings.capacityUnit).state;
  const answer: Answer | undefined = actionData;
  const confirmClose = answer && "confirmClose" in answer ? answer.confirmClose : null;
  const reply = answer && "result" in answer ? { intent: answer.intent ?? null, result: answer.result } : null;
  // Forms with fields show their answer beside them; the page's buttons (open, close, review) answer here.
  const pageErrors = reply && !FIELD_FORMS.includes(reply.intent ?? "") ? reply.result.error : null;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">방문 예약</h1>
        <a href="#visit-days" className="admin-visits__jump">
          일정 관리
        </a>
      </div>
      {pageErrors ? (
        <div className="admin-notice admin-notice--warning">
          <ErrorList id="visits-errors" errors={Object.values(pageErrors).flat()} />
        </div>
      ) : null}
      <BookingReview bookings={review} />
      <OutsideHoursNote bookings={outsideHours} hours={hours} />

      <section className="admin-card admin-visits__today" aria-labelledby="visit-today-title">
        <h2 id="visit-today-title" className="admin-card__title">
          오늘 방문 <span className="admin-card__note">{formatKoreanDate(today)}</span>
        </h2>
        {todays.length === 0 ? (
          <p className="admin-empty__text">오늘은 방문 예약이 없습니다.</p>
        ) : (
          <ul className="admin-visits__bookings admin-visits__today-list">
            {todays.map((booking) => (
              <BookingItem
                key={booking.id}
                booking={booking}
                time={booking.time}
                manage={may.manage}
                markable
                moveTargets={moveTargets}
                slotId={null}
                reply={reply}
              />
            ))}
          </ul>
        )}
      </section>

      <section className="admin-card" id="visit-days" aria-labelledby="visit-days-title">
        <h2 id="visit-days-title" className="admin-card__title">
          {formatKoreanDate(from)}부터 {SCHEDULE_DAYS}일
        </h2>
        <nav className="admin-visits__paging" aria-label="기간 이동">
          <Link to={`?from=${addDays(from, -SCHEDULE_DAYS)}#visit-days`}>이전 {SCHEDULE_DAYS}일</Link>
          {from !== today ? <Link to="?#visit-days">오늘부터</Link> : null}
          <Link to={`?from=${addDays(from, SCHEDULE_DAYS)}#visit-days`}>다음 {SCHEDULE_DAYS}일</Link>
        </nav>
        <table className="admin-table admin-table--compact admin-visits__days">
          <thead>
            <tr>
              <th scope="col">날짜</th>
              <th scope="col">운영</th>
              <th scope="col" className="admin-num">
                예약 / 정원
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((entry) => (
              <tr key={entry.day} aria-current={entry.day === day.day ? "date" : undefined}>
                <th scope="row">
                  <Link to={pageQuery({ day: entry.day })}>{entry.label}</Link>
                  {entry.day === today ? <span className="admin-card__note">오늘</span> : null}
                </th>
                <td>
                  <span className={`admin-visits__state admin-visits__state--${entry.state}`}>{STATE_LABELS[entry.state]}</span>
                </td>
                <td className="admin-num">{entry.state === "unscheduled" ? "–" : `${entry.booked} / ${entry.capacity}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="admin-card admin-visits__day" id="visit-day" aria-labelledby="visit-day-title">
        <div className="admin-visits__day-head">
          <h2 id="visit-day-title" className="admin-card__title">
            {day.label} <span className="admin-card__note">{STATE_LABELS[dayState]}</span>
          </h2>
          {may.manage ? (
            <Form method="post">
              <input type="hidden" name="day" value={day.day} />
              {dayState === "open" ? (
                <button type="submit" name="intent" value="close-day" className="admin-button admin-button--danger">
                  이날 예약 닫기
                </button>
              ) : (
                <button type="submit" name="intent" value="open-day" className="admin-button admin-button--primary">
                  {dayState === "unscheduled" ? `이날 예약 열기 (${slotTimes[0]}~${slotTimes.at(-1)})` : "이날 예약 다시 열기"}
                </button>
              )}
            </Form>
          ) : null}
        </div>
        {confirmClose?.day === day.day ? (
          <div className="admin-visits__confirm" aria-labelledby="visit-confirm-title" role="alertdialog">
            <h3 id="visit-confirm-title" className="admin-card__title">
              {confirmClose.label} 예약을 닫을까요?
            </h3>
            <p>이날 예약한 {confirmClose.visitors.length}명의 예약이 취소되고, 각자에게 취소 안내 문자가 갑니다.</p>
            <ul className="admin-visits__confirm-list">
              {confirmClose.visitors.map((visitor) => (
                <li key={visitor.id}>
                  <span className="admin-nowrap">{visitor.time}</span> {visitor.name} <span className="admin-muted">{visitor.phone}</span>
                </li>
              ))}
            </ul>
            <div className="admin-visits__confirm-actions">
              <Form method="post">
                <input type="hidden" name="day" value={confirmClose.day} />
                <button type="submit" name="intent" value="close-day-confirmed" className="admin-button admin-button--danger">
                  닫고 예약자에게 문자 보내기
                </button>
              </Form>
              <Link to={pageQuery({ day: confirmClose.day })} className="admin-button admin-button--ghost">
                돌아가서 먼저 옮기기
              </Link>
            </div>
          </div>
        ) : null}
        {day.slots.length === 0 ? (
          <p className="admin-empty__text">이날은 방문 예약 시간이 없습니다.</p>
        ) : (
          <table className="admin-table admin-visits__slots">
            <thead>
              <tr>
                <th scope="col">시간</th>
                <th scope="col">정원</th>
                <th scope="col" className="admin-num">
                  남은 자리
                </th>
                <th scope="col">예약자</th>
              </tr>
            </thead>
            <tbody>
              {day.slots.map((slot) => {
                const taken = placesTaken(slot.bookings, settings.capacityUnit);
                return (
                  <tr key={slot.id} className={slot.open ? undefined : "admin-visits__slot--closed"}>
                    <th scope="row" className="admin-nowrap">
                      {slot.time}
                    </th>
                    <td data-label="정원">
                      {may.manage ? <CapacityForm slot={slot} taken={taken} reply={reply} /> : `${slot.capacity}명`}
                    </td>
                    <td className="admin-num" data-label="남은 자리">
                      {Math.max(0, slot.capacity - taken)}
                    </td>
                    <td data-label="예약자">
                      {slot.bookings.length === 0 ? (
                        <span className="admin-muted">없음</span>
                      ) : (
                        <ul className="admin-visits__bookings">
                          {slot.bookings.map((booking) => (
                            <BookingItem
                              key={booking.id}
                              booking={booking}
                              time={null}
                              manage={may.manage}
                              markable={day.day <= today}
                              moveTargets={moveTargets}
                              slotId={slot.id}
                              reply={reply}
                            />
                          ))}
                        </ul>
                      )}
                      {slot.waitlist.length > 0 ? <SlotWaitlist entries={slot.waitlist} time={slot.time} manage={may.manage} /> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>

      <section className="admin-card" id="visit-settings" aria-labelledby="visit-settings-title">
        <h2 id="visit-settings-title" className="admin-card__title">
          방문 예약 설정
        </h2>
        {may.manage ? (
          <VisitSettingsForm settings={settings} reply={reply} />
        ) : (
          <p className="admin-muted">
            정원: {settings.capacityUnit === "people" ? "방문 인원" : "예약 건수"} · 대기 자리 {settings.holdMinutes}분 · 당일 안내{" "}
            {settings.sameDayReminderHours > 0 ? `${settings.sameDayReminderHours}시간 전` : "보내지 않음"}
          </p>
        )}
      </section>
    </div>
  );
}

type ShownWaitlistEntry = Route.ComponentProps["loaderData"]["day"]["slots"][number]["waitlist"][number];

/** A time's waitlist, in order, with what happened to each entry; the office may take someone out of the line. */
function SlotWaitlist({ entries, time, manage }: { entries: ShownWaitlistEntry[]; time: string; manage: boolean }) {
  const waiting = entries.filter((entry) => entry.active).length;
  return (
    <details className="admin-visits__waitlist" open={waiting > 0}>
      <summary>
        대기 {waiting}명{entries.length > waiting ? ` (지난 대기 ${entries.length - waiting}건)` : ""}
      </summary>
      <ol className="admin-visits__waitlist-list" aria-label={`${time} 대기 명단`}>
        {entries.map((entry) => (
          <li key={entry.id} className={entry.active ? undefined : "admin-visits__booking--gone"}>
            <span className="admin-visits__who">
              {entry.name} · {entry.partySize}명{" "}
              {entry.tel ? (
                <a href={entry.tel} className="admin-visits__tel">
                  {entry.phone}
                </a>
              ) : (
                <span className="admin-muted">{entry.phone}</span>
              )}
            </span>
            <span className="admin-visits__state">{WAITLIST_STATUS_LABELS[entry.status]}</span>
            <span className="admin-muted admin-visits__gone">{entry.history}</span>
            {manage && entry.active ? (
              <Form method="post" className="admin-visits__cancel">
                <input type="hidden" name="intent" value="waitlist-withdraw" />
                <input type="hidden" name="entryId" value={entry.id} />
                <button type="submit" className="admin-button admin-button--ghost">
                  대기에서 빼기
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * One booking: who (their lead's page, a number to call), how it stands, and what the office can
 * do. A cancelled or moved booking stays, struck through, with by whom and when. 방문 and 노쇼 are
 * offered from the visit's day on; cancelling and moving ask first, in a disclosure that needs no
 * JavaScript.
 */
function BookingItem({
  booking,
  time,
  manage,
  markable,
  moveTargets,
  slotId,
  reply,
}: {
  booking: Omit<ShownBooking, "time">;
  time: string | null;
  manage: boolean;
  markable: boolean;
  moveTargets: MoveTargets;
  slotId: number | null;
  reply: Reply;
}) {
  const holding = (PLACE_HOLDING_STATUSES as readonly BookingStatus[]).includes(booking.status);
  const who = (
    <>
      {time ? <span className="admin-visits__time">{time}</span> : null}
      {booking.name}
      {` · ${booking.partySize}명`}
    </>
  );
  return (
    <li className={`admin-visits__booking${holding ? "" : " admin-visits__booking--gone"}`}>
      <span className="admin-visits__who">
        {booking.linked ? <Link to={`/admin/leads/${booking.leadId}`}>{holding ? who : <s>{who}</s>}</Link> : holding ? who : <s>{who}</s>}{" "}
        {booking.tel ? (
          <a href={booking.tel} className="admin-visits__tel">
            {booking.phone}
          </a>
        ) : (
          <span className="admin-muted">{booking.phone}</span>
        )}
      </span>
      {holding ? null : (
        <span className="admin-visits__gone">
          {BOOKING_STATUS_LABELS[booking.status]}
          {booking.movedTo ? ` → ${booking.movedTo}` : ""} · {booking.cancelledBy} · {booking.cancelledAt}
        </span>
      )}
      {holding && !manage && !(markable && booking.mayMark) ? (
        <span className="admin-muted">{BOOKING_STATUS_LABELS[booking.status]}</span>
      ) : null}
      {holding && !manage && markable && booking.mayMark ? (
        <div className="admin-visits__actions">
          <AttendanceForm booking={booking} reply={reply} />
        </div>
      ) : null}
      {holding && manage ? (
        <div className="admin-visits__actions">
          {markable ? (
            <AttendanceForm booking={booking} reply={reply} />
          ) : (
            <span className="admin-muted">{BOOKING_STATUS_LABELS[booking.status]}</span>
          )}
          {booking.status === "booked" ? (
            <>
              <details className="admin-visits__more">
                <summary className="admin-button admin-button--ghost">옮기기</summary>
                <MoveForm booking={booking} moveTargets={moveTargets} slotId={slotId} reply={reply} />
              </details>
              <details className="admin-visits__more">
                <summary className="admin-button admin-button--ghost">취소</summary>
                <Form method="post" className="admin-visits__cancel">
                  <input type="hidden" name="intent" value="cancel-booking" />
                  <input type="hidden" name="bookingId" value={booking.id} />
                  <p>{booking.name} 님의 예약을 취소할까요? 보내지 않은 안내 문자도 함께 취소됩니다.</p>
                  <button type="submit" className="admin-button admin-button--danger">
                    예약 취소 확인
                  </button>
                </Form>
              </details>
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
