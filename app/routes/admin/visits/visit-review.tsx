import { Form, Link } from "react-router";
import { BOOKING_REVIEW_LABELS } from "#app/forms/admin-visits.ts";
import { formatKst } from "#app/utils/kst.ts";
import type { BookingReviewReason } from "#app/vocabulary.ts";

/**
 * The visit page's review of booking bursts (app/.server/visits/review.ts): the flagged bookings,
 * each with why, and the manager's two answers, spam for the whole list or genuine for one
 * booking or all. Plain forms: the page needs no script.
 */

interface FlaggedBooking {
  id: number;
  leadId: number;
  name: string;
  phone: string;
  linked: boolean;
  when: string;
  review: BookingReviewReason;
  bookedAt: Date | string;
  fromSameAddress: number;
}

export function BookingReview({ bookings }: { bookings: FlaggedBooking[] }) {
  if (bookings.length === 0) return null;
  const all = bookings.map((booking) => booking.id).join(",");
  return (
    <section className="admin-card admin-visits__review" id="visit-review" aria-labelledby="visit-review-title">
      <h2 id="visit-review-title" className="admin-card__title">
        검토가 필요한 예약 <span className="admin-card__note">{bookings.length}건</span>
      </h2>
      <p>
        짧은 시간에 예약이 몰렸습니다. 자동으로 넣은 예약으로 보이면 스팸으로 처리해 자리를 되돌리고, 실제 방문하실 분이면 정상 예약으로
        확인해 주세요. 처리하기 전까지는 예약이 자리를 차지합니다.
      </p>
      <ul className="admin-visits__bookings admin-visits__review-list">
        {bookings.map((booking) => (
          <li key={booking.id} className="admin-visits__booking">
            <span className="admin-visits__who">
              <span className="admin-visits__time">{booking.when}</span>
              {booking.linked ? <Link to={`/admin/leads/${booking.leadId}`}>{booking.name}</Link> : booking.name}{" "}
              <span className="admin-muted">{booking.phone}</span>
            </span>
            <span className="admin-muted">
              {BOOKING_REVIEW_LABELS[booking.review]}
              {booking.fromSameAddress > 1 ? ` · 같은 곳에서 ${booking.fromSameAddress}건` : ""} · {formatKst(booking.bookedAt)} 예약
            </span>
            <Form method="post" className="admin-visits__actions">
              <input type="hidden" name="intent" value="burst-clear" />
              <input type="hidden" name="bookingIds" value={booking.id} />
              <button type="submit" className="admin-button admin-button--ghost">
                정상 예약
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <div className="admin-visits__confirm-actions">
        <details className="admin-visits__more">
          <summary className="admin-button admin-button--danger">모두 스팸으로 처리</summary>
          <Form method="post" className="admin-visits__cancel">
            <input type="hidden" name="intent" value="burst-spam" />
            <input type="hidden" name="bookingIds" value={all} />
            <p>위 {bookings.length}건의 예약을 취소해 자리를 되돌리고, 보내지 않은 안내 문자를 취소하며, 접수를 스팸으로 표시합니다.</p>
            <button type="submit" className="admin-button admin-button--danger">
              스팸 처리 확인
            </button>
          </Form>
        </details>
        <Form method="post">
          <input type="hidden" name="intent" value="burst-clear" />
          <input type="hidden" name="bookingIds" value={all} />
          <button type="submit" className="admin-button admin-button--ghost">
            모두 정상 예약
          </button>
        </Form>
      </div>
    </section>
  );
}
