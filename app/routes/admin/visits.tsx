import { data, Form, Link, redirect } from "react-router";
import { requireSameOrigin } from "#app/.server/csrf.ts";
import { requireSite } from "#app/.server/site.ts";
import { closeVisitDay, openVisitDays } from "#app/.server/visits/schedule.ts";
import { listScheduleForAdmin, setBookingAttendance, setSlotCapacity, type AdminDay } from "#app/.server/visits/console.ts";
import { ATTENDANCE_LABELS, BOOKING_STATUS_LABELS, CAPACITY_MAX, SCHEDULE_DAYS, VisitScheduleFormSchema } from "#app/forms/admin-visits.ts";
import { PLACE_HOLDING_STATUSES } from "#app/vocabulary.ts";
import { addDays, formatKoreanDate, isCalendarDay, kstDay } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { maskPhone } from "#app/utils/phone.ts";
import { recordConsoleAccess } from "#app/.server/access.ts";
import { maskName } from "#app/.server/leads/messages.ts";
import { maySee, shownPhone, type Viewer } from "#app/.server/leads/visibility.ts";
import { can } from "#app/permissions.ts";
import { ADMIN_HEADERS, requireCalendarDays } from "./guard.server.ts";
import { requireAdmin } from "#app/.server/auth.ts";
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
  const admin = await requireAdmin(request, context, { permission: "visits.view" });
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
  await recordConsoleAccess(context, admin, "visits.view", {
    leadIds: shownDay.slots.flatMap((slot) => slot.bookings.map((booking) => booking.leadId)),
    detail: { day: shownDay.day },
  });
  return {
    today,
    from,
    day: {
      ...shownDay,
      slots: shownDay.slots.map((slot) => ({ ...slot, bookings: slot.bookings.map((booking) => shownBooking(admin, booking)) })),
    },
    may: { manage: can(admin.role, "visits.manage") },
    days: days.map((entry) => ({ day: entry.day, label: entry.label, ...totals(entry) })),
    slotTimes: site.leads.visits.slotTimes,
  };
}

type Booking = AdminDay["slots"][number]["bookings"][number];

/**
 * A booking as this person may see it: whoever may see the lead sees the name (the number masked
 * unless they work it) and a link to it; a lead of another counsellor shows a masked name only;
 * a lead in the bin shows neither.
 */
function shownBooking(viewer: Viewer, booking: Booking) {
  const { assigneeId, deletedAt, ...rest } = booking;
  const lead = { assigneeId, deletedAt, phone: booking.phone };
  if (deletedAt) return { ...rest, name: "휴지통의 고객", phone: "", linked: false };
  if (!maySee(viewer, lead)) return { ...rest, name: maskName(booking.name), phone: maskPhone(booking.phone), linked: false };
  return { ...rest, phone: shownPhone(viewer, lead), linked: true };
}

function emptyDay(day: string): AdminDay {
  return { day, label: formatKoreanDate(day), open: false, slots: [] };
}

function totals(day: { open: boolean; slots: { open: boolean; capacity: number; bookings: unknown[] }[] }) {
  const open = day.slots.filter((slot) => slot.open);
  return {
    state: day.slots.length === 0 ? ("unscheduled" as const) : day.open ? ("open" as const) : ("closed" as const),
    booked: day.slots.reduce((sum, slot) => sum + slot.bookings.length, 0),
    capacity: open.reduce((sum, slot) => sum + slot.capacity, 0),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const admin = await requireAdmin(request, context, { permission: "visits.manage" });
  const parsed = VisitScheduleFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "알 수 없는 요청입니다." }, { status: 400, headers: ADMIN_HEADERS });
  }
  const site = requireSite(context).pack.slug;
  const form = parsed.data;
  if (form.intent === "open-day") await openVisitDays(site, [form.day]);
  if (form.intent === "close-day") await closeVisitDay(site, form.day);
  if (form.intent === "capacity") {
    const changed = await setSlotCapacity(site, form.slotId, form.capacity);
    if (!changed.ok) {
      const error =
        changed.reason === "below-booked"
          ? `이미 ${changed.booked}명이 예약한 시간입니다. 정원을 ${changed.booked}명보다 줄일 수 없습니다.`
          : "시간대를 찾을 수 없습니다.";
      return data({ error }, { status: 409, headers: ADMIN_HEADERS });
    }
  }
  if (form.intent === "attendance") {
    const leadId = await setBookingAttendance(site, form.bookingId, form.status);
    if (!leadId) return data({ error: "취소되었거나 없는 예약입니다." }, { status: 409, headers: ADMIN_HEADERS });
    await recordConsoleAccess(context, admin, "visits.change", {
      leadIds: [leadId],
      detail: { bookingId: form.bookingId, status: form.status },
    });
  } else {
    const { intent, ...target } = form;
    await recordConsoleAccess(context, admin, "visits.change", { detail: { intent, ...target } });
  }
  return redirect(`/admin/visits${new URL(request.url).search}`, { status: 303, headers: ADMIN_HEADERS });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "방문 예약 | 관리자",
    description: "견본주택 방문 예약 일정",
    path: "/admin/visits",
    robots: "noindex,nofollow",
  });

const STATE_LABELS = { open: "예약 받는 중", closed: "휴관", unscheduled: "일정 없음" } as const;

export default function VisitSchedulePage({ loaderData, actionData }: Route.ComponentProps) {
  const { today, from, day, days, slotTimes, may } = loaderData;
  const pageQuery = (params: Record<string, string>) => `?${new URLSearchParams({ from, ...params })}`;
  const dayState = totals(day).state;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">방문 예약</h1>
      </div>
      {actionData?.error ? (
        <p className="admin-notice admin-notice--warning" role="alert">
          {actionData.error}
        </p>
      ) : null}

      <section className="admin-card" aria-labelledby="visit-days-title">
        <h2 id="visit-days-title" className="admin-card__title">
          {formatKoreanDate(from)}부터 {SCHEDULE_DAYS}일
        </h2>
        <nav className="admin-visits__paging" aria-label="기간 이동">
          <Link to={`?from=${addDays(from, -SCHEDULE_DAYS)}`}>이전 {SCHEDULE_DAYS}일</Link>
          {from !== today ? <Link to="?">오늘부터</Link> : null}
          <Link to={`?from=${addDays(from, SCHEDULE_DAYS)}`}>다음 {SCHEDULE_DAYS}일</Link>
        </nav>
        <div className="admin-scroll">
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
        </div>
      </section>

      <section className="admin-card admin-visits__day" aria-labelledby="visit-day-title">
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
        {day.slots.length === 0 ? (
          <p className="admin-empty__text">이날은 방문 예약 시간이 없습니다.</p>
        ) : (
          <div className="admin-scroll">
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
                {day.slots.map((slot) => (
                  <tr key={slot.id} className={slot.open ? undefined : "admin-visits__slot--closed"}>
                    <th scope="row" className="admin-nowrap">
                      {slot.time}
                    </th>
                    <td>
                      {may.manage ? (
                        <Form method="post" className="admin-visits__capacity">
                          <input type="hidden" name="intent" value="capacity" />
                          <input type="hidden" name="slotId" value={slot.id} />
                          <label className="visually-hidden" htmlFor={`capacity-${slot.id}`}>
                            {slot.time} 정원
                          </label>
                          <input
                            id={`capacity-${slot.id}`}
                            name="capacity"
                            type="number"
                            min={slot.bookings.length}
                            max={CAPACITY_MAX}
                            defaultValue={slot.capacity}
                            className="admin-visits__capacity-input"
                          />
                          <button type="submit" className="admin-button admin-button--ghost">
                            변경
                          </button>
                        </Form>
                      ) : (
                        `${slot.capacity}명`
                      )}
                    </td>
                    <td className="admin-num">{Math.max(0, slot.capacity - slot.bookings.length)}</td>
                    <td>
                      {slot.bookings.length === 0 ? (
                        <span className="admin-muted">없음</span>
                      ) : (
                        <ul className="admin-visits__bookings">
                          {slot.bookings.map((booking) => (
                            <li key={booking.id} className="admin-visits__booking">
                              {booking.linked ? (
                                <Link to={`/admin/leads/${booking.leadId}`} className="admin-visits__who">
                                  {booking.name} <span className="admin-muted">{booking.phone}</span>
                                </Link>
                              ) : (
                                <span className="admin-visits__who">
                                  {booking.name} <span className="admin-muted">{booking.phone}</span>
                                </span>
                              )}
                              {may.manage ? (
                                <Form method="post" className="admin-visits__attendance" aria-label={`${booking.name} 방문 여부`}>
                                  <input type="hidden" name="intent" value="attendance" />
                                  <input type="hidden" name="bookingId" value={booking.id} />
                                  {PLACE_HOLDING_STATUSES.map((status) => (
                                    <button
                                      key={status}
                                      type="submit"
                                      name="status"
                                      value={status}
                                      className="admin-button admin-button--ghost"
                                      aria-pressed={booking.status === status}
                                    >
                                      {ATTENDANCE_LABELS[status]}
                                    </button>
                                  ))}
                                </Form>
                              ) : (
                                <span className="admin-muted">{BOOKING_STATUS_LABELS[booking.status]}</span>
                              )}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
