import { Link } from "react-router";
import type { BookingOutsideHours } from "#app/.server/visits/schedule.ts";

/**
 * Bookings still to come that the model house's hours no longer cover (the office shortened them
 * after the bookings were made). Shown on the visits page and after saving the site settings; the
 * bookings stay as they are until someone calls the visitors and moves or cancels them.
 */
export function OutsideHoursNote({ bookings, hours }: { bookings: BookingOutsideHours[]; hours: string }) {
  if (bookings.length === 0) return null;
  return (
    <section className="admin-notice admin-notice--warning admin-outside-hours" aria-labelledby="outside-hours-title">
      <h2 id="outside-hours-title" className="admin-outside-hours__title">
        운영시간 밖의 예약 {bookings.length}건
      </h2>
      <p>운영시간이 바뀌어 그 시간에 들지 않게 된 예약입니다. 자동으로 취소되지 않으니, 고객께 연락해 시간을 옮기거나 취소해 주세요.</p>
      <p>지금 견본주택 운영시간: {hours}</p>
      <ul className="admin-outside-hours__list">
        {bookings.map((booking) => (
          <li key={booking.bookingId}>
            <Link to={`/admin/visits?${new URLSearchParams({ day: booking.day })}#visit-day`}>{booking.when}</Link> {booking.maskedName}{" "}
            고객
          </li>
        ))}
      </ul>
    </section>
  );
}
