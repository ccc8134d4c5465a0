import { Link } from "react-router";
import { PRIVACY_LINK_LABEL, VISIT_LINK_LABEL } from "#app/content/frame-words.ts";
import { CallLink } from "#app/components/call-link.tsx";
import { CalendarIcon, ChevronIcon } from "./icons.tsx";
import type { FrameContent } from "#app/content/types.ts";

export function SiteFooter({ content }: { content: FrameContent }) {
  const { brand, company, familySite } = content;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__top">
          <img
            className="site-footer__logo"
            src={brand.logoOnDark.src}
            alt={brand.logoOnDark.alt}
            width={Math.round((brand.logoOnDark.width * 36) / brand.logoOnDark.height)}
            height={36}
            // Below the fold on every page: not fetched (nor preloaded by React) with the first screen.
            loading="lazy"
            decoding="async"
          />
          <div className="site-footer__actions">
            <Link to={content.visitPath} className="button button--accent site-footer__visit">
              <CalendarIcon />
              {VISIT_LINK_LABEL}
            </Link>
            {content.kakaoChannelUrl ? (
              <a className="button button--outline site-footer__kakao" href={content.kakaoChannelUrl} target="_blank" rel="noopener">
                카카오톡 상담
                <span className="visually-hidden"> (새 창)</span>
              </a>
            ) : null}
            {/* <details> keeps the family-site list usable with or without JavaScript. */}
            <details className="family-site">
              <summary>
                패밀리사이트
                <ChevronIcon />
              </summary>
              <ul>
                <li>
                  <a href={familySite.url} target="_blank" rel="noopener">
                    {familySite.label}
                    <span className="visually-hidden"> (새 창)</span>
                  </a>
                </li>
              </ul>
            </details>
          </div>
        </div>
        <dl className="site-footer__info">
          <div>
            <dt>상호</dt>
            <dd>{company.name}</dd>
          </div>
          <div>
            <dt>분양문의</dt>
            <dd>
              <CallLink phone={content.phone} />
            </dd>
          </div>
          <div>
            <dt>시행</dt>
            <dd>{content.developer}</dd>
          </div>
          <div>
            <dt>시공</dt>
            <dd>{content.builder}</dd>
          </div>
          <div>
            <dt>현장</dt>
            <dd>{company.address}</dd>
          </div>
          {content.disclosures.map((disclosure) => (
            <div key={disclosure.label}>
              <dt>{disclosure.label}</dt>
              <dd>{disclosure.value}</dd>
            </div>
          ))}
        </dl>
        <p className="site-footer__links">
          <Link to="/privacy" className="site-footer__privacy">
            {PRIVACY_LINK_LABEL}
          </Link>
        </p>
        <ul className="site-footer__disclaimer">
          {content.footerDisclaimer.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="site-footer__copyright">{`© ${content.copyrightYear} ${brand.projectName}. All rights reserved.`}</p>
      </div>
    </footer>
  );
}
