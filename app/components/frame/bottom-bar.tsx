import { RegisterLink } from "#app/components/register-link.tsx";
import { telHref } from "#app/utils/phone.ts";
import { CalendarIcon, PhoneIcon } from "./icons.tsx";

/** Phones only: the two ways to reach the sales office, always under the thumb. */
export function BottomBar({
  phone,
  kakaoChannelUrl,
  mobileConsultUrl,
}: {
  phone: string;
  kakaoChannelUrl?: string;
  mobileConsultUrl?: string;
}) {
  return (
    <nav className="bottom-bar" aria-label="빠른 상담">
      <RegisterLink className="bottom-bar__visit">
        <CalendarIcon />
        방문예약
      </RegisterLink>
      <a className="bottom-bar__call" href={telHref(phone)}>
        <PhoneIcon />
        전화상담
      </a>
      {kakaoChannelUrl ? (
        <a className="bottom-bar__kakao" href={kakaoChannelUrl} target="_blank" rel="noopener">
          카카오톡
          <span className="visually-hidden"> 상담 (새 창)</span>
        </a>
      ) : null}
      {mobileConsultUrl ? (
        <a className="bottom-bar__consult" href={mobileConsultUrl} target="_blank" rel="noopener">
          모바일 상담
          <span className="visually-hidden"> (새 창)</span>
        </a>
      ) : null}
    </nav>
  );
}
