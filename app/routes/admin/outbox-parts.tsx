import { Link } from "react-router";
import { LOGGED_ONLY_LABEL, OUTBOX_STATUS_LABELS, TEXT_HOLD_LABELS } from "#app/forms/admin.ts";
import { deliveryLabel, FALLBACK_REASON_LABELS, type ShownDelivery } from "#app/forms/message-templates.ts";
import { kstTime } from "#app/utils/kst.ts";
import { TEXT_HOLD_REASONS, type OutboxStatus, type TextHoldReason } from "#app/vocabulary.ts";

/**
 * What every outbox screen (/admin/notifications, a lead's texts) says the same way: that texts
 * are not being sent while the server only logs them, and each message's state in honest words.
 */

export { LOGGED_ONLY_LABEL };

export function TestModeNotice() {
  return (
    <div className="admin-notice admin-notice--warning admin-test-mode" role="note">
      <p>
        <strong>테스트 모드: 문자가 실제로 발송되지 않습니다.</strong>
      </p>
      <p>
        지금은 문자를 서버 기록에만 남기고 고객에게 보내지 않습니다. 실제로 보내려면 서버 설정의 문자 발송 업체(SMS_PROVIDER)를 솔라피 등
        계약한 업체로 바꾸고 서버를 다시 시작해야 하니, 사이트 관리 담당자에게 요청해 주세요.
      </p>
    </div>
  );
}

interface ShownState {
  status: OutboxStatus;
  loggedOnly: boolean;
  sendsAt: Date | string | null;
}

/** "기록됨(미발송)" for what the log provider took, "08:00 발송 예정" for an advertising text waiting out the night. */
export function outboxStatusLabel(message: ShownState) {
  if (message.loggedOnly) return LOGGED_ONLY_LABEL;
  if (message.sendsAt) return `${kstTime(message.sendsAt)} 발송 예정`;
  return OUTBOX_STATUS_LABELS[message.status];
}

/**
 * The message's state, then what became of it once sent: "알림톡 수신", "문자로 대체 발송 · 수신"
 * (and why it was not 알림톡), "실패: 없는 번호", or its channel while the receipt is on its way.
 */
export function OutboxStatus({ message }: { message: ShownState & Partial<ShownDelivery> & { receiptExpected?: boolean } }) {
  const modifier = message.loggedOnly ? "logged" : message.status;
  const delivery = message.channel
    ? { ...message, channel: message.channel, receiptExpected: message.receiptExpected ?? false, ...deliveryFields(message) }
    : null;
  const receipt = delivery ? deliveryLabel(delivery) : null;
  return (
    <>
      <span className={`admin-sms admin-sms--${modifier}`}>{outboxStatusLabel(message)}</span>
      {receipt ? <span className={`admin-receipt admin-receipt--${message.receiptState ?? "waiting"}`}>{receipt}</span> : null}
      {message.fallbackReason && message.status === "sent" ? (
        <span className="admin-muted admin-receipt__why">({FALLBACK_REASON_LABELS[message.fallbackReason]})</span>
      ) : null}
    </>
  );
}

function deliveryFields(message: Partial<ShownDelivery>) {
  return {
    fallbackReason: message.fallbackReason ?? null,
    receiptState: message.receiptState ?? null,
    receiptCode: message.receiptCode ?? null,
    receiptMessage: message.receiptMessage ?? null,
  };
}

/**
 * What the text budget held in the last day (outbox/console.ts heldTextsSummary), on the outbox page
 * and the dashboard: every lead is stored, only its confirmation was not sent, and why.
 */
export function HeldTextsNotice({
  held,
  linkToList = false,
}: {
  held: { total: number; byReason: Record<TextHoldReason, number>; confirmationsPerHour: number };
  linkToList?: boolean;
}) {
  if (held.total === 0) return null;
  return (
    <div className="admin-notice admin-notice--warning" role="status">
      <p>
        <strong>최근 24시간 동안 새 접수 확인 문자 {held.total.toLocaleString("ko-KR")}건을 보내지 않고 보류했습니다.</strong> 접수는 모두
        저장되었습니다. 예약 안내·방문 전날 안내·직원 알림·직원 초대·직원이 직접 보내는 문자는 보류되지 않습니다.
      </p>
      <ul>
        {TEXT_HOLD_REASONS.filter((reason) => held.byReason[reason] > 0).map((reason) => (
          <li key={reason}>
            {TEXT_HOLD_LABELS[reason]}
            {reason === "site-hourly" ? ` (한 시간에 ${held.confirmationsPerHour.toLocaleString("ko-KR")}건)` : ""}:{" "}
            {held.byReason[reason].toLocaleString("ko-KR")}건
          </li>
        ))}
      </ul>
      {linkToList ? (
        <p>
          <Link to="/admin/notifications?view=held">보류된 문자 보기</Link>
        </p>
      ) : null}
    </div>
  );
}
