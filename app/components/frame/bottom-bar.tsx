import { VISIT_LINK_LABEL } from "#app/content/frame-words.ts";
import { CallLink } from "#app/components/call-link.tsx";
import { CalendarIcon, PhoneIcon } from "./icons.tsx";
import { PlainLink, usePlainLinkNavigation } from "./plain-link.tsx";

/** Phones only: the two ways to reach the sales office, always under the thumb. */
export function BottomBar({
  phone,
  visitPath,
  kakaoChannelUrl,
  mobileConsultUrl,
}: {
  phone: string;
  visitPath: string;
  kakaoChannelUrl?: string;
  mobileConsultUrl?: string;
}) {
  const navigateInPage = usePlainLinkNavigation();
  return (
    <nav className="bottom-bar" aria-label="빠른 상담" onClick={navigateInPage}>
      <PlainLink to={visitPath} className="bottom-bar__visit">
        <CalendarIcon />
        {VISIT_LINK_LABEL}
      </PlainLink>
      <CallLink className="bottom-bar__call" phone={phone}>
        <PhoneIcon />
        전화상담
      </CallLink>
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
