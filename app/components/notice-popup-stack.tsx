import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { PublicPopup } from "#app/forms/popups.ts";
import { NoticePopupsStylesheet } from "./stylesheets.tsx";

/** Where "오늘 하루 보지 않기" is remembered: popup id → the instant it may show again. */
const HIDDEN_KEY = "notice-popups-hidden";
/** Where "닫기" is remembered for the visit (the tab's session): the ids closed so far. */
const CLOSED_KEY = "notice-popups-closed";
/** The frame's own phone breakpoint (app/styles/global.css). */
const PHONE_QUERY = "(max-width: 900px)";

/** Korea keeps no daylight saving: every day there is this long. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The next midnight in Korea after `now`, whatever the browser's zone or clock: whole days on from
 * `koreanMidnight`, a midnight the server named (/popups.json), so no calendar code comes here.
 */
function nextKoreanMidnight(now: number, koreanMidnight: number) {
  return koreanMidnight + (Math.floor((now - koreanMidnight) / DAY_MS) + 1) * DAY_MS;
}

function subscribeToPhoneQuery(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

function readHidden(now: number): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(HIDDEN_KEY) ?? "{}");
    if (!stored || typeof stored !== "object") return {};
    // Expired entries are dropped as they are read, so the list never grows.
    return Object.fromEntries(Object.entries(stored).filter(([, until]) => typeof until === "number" && until > now));
  } catch {
    return {};
  }
}

function readClosed(): number[] {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(CLOSED_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === "number") : [];
  } catch {
    return [];
  }
}

/** A notice closed on one page stays closed on the next ones of the same visit. */
function closeForVisit(id: number) {
  try {
    window.sessionStorage.setItem(CLOSED_KEY, JSON.stringify([...new Set([...readClosed(), id])]));
  } catch {
    // Without storage the popup still closes for this page.
  }
}

function hideUntilTomorrow(id: number, koreanMidnight: number) {
  const now = Date.now();
  try {
    window.localStorage.setItem(HIDDEN_KEY, JSON.stringify({ ...readHidden(now), [id]: nextKoreanMidnight(now, koreanMidnight) }));
  } catch {
    // Private browsing may refuse storage: the popup still closes for this page.
  }
}

/**
 * The notice popups the page fetched (app/components/notice-popups.tsx), less those hidden for
 * today or closed earlier in this visit. Side by side on wide screens; one at a time on phones,
 * the next after one is closed.
 */
export function NoticePopupStack({ active, koreanMidnight }: { active: PublicPopup[]; koreanMidnight: number }) {
  const [popups, setPopups] = useState(() => {
    const hidden = readHidden(Date.now());
    const closed = readClosed();
    return active.filter((popup) => !(popup.id in hidden) && !closed.includes(popup.id));
  });
  const phone = useSyncExternalStore(subscribeToPhoneQuery, isPhone, () => false);
  const firstRef = useRef<HTMLDivElement>(null);

  const forDevice = popups.filter((popup) => popup.devices === "all" || popup.devices === (phone ? "phone" : "desktop"));
  const shown = phone ? forDevice.slice(0, 1) : forDevice;
  const dismiss = (id: number) => setPopups((current) => current.filter((popup) => popup.id !== id));

  // Focus goes into the first popup once it appears, to the next one after a close, and after the
  // last one back where it was before the popups took it.
  const firstId = shown[0]?.id;
  const returnFocusRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (firstId === undefined) {
      const previous = returnFocusRef.current;
      returnFocusRef.current = null;
      if (previous?.isConnected) previous.focus();
      return;
    }
    if (!returnFocusRef.current && document.activeElement instanceof HTMLElement) returnFocusRef.current = document.activeElement;
    firstRef.current?.focus();
  }, [firstId]);

  if (shown.length === 0) return null;
  return (
    <div className="notice-popups">
      {/* Here, not in every page's head: most days no page has a popup to show. React shows the popups once it has loaded. */}
      <NoticePopupsStylesheet />
      <div className="notice-popups__row">
        {shown.map((popup, index) => (
          <NoticePopup
            key={popup.id}
            popup={popup}
            dialogRef={index === 0 ? firstRef : undefined}
            onClose={() => {
              closeForVisit(popup.id);
              dismiss(popup.id);
            }}
            onHideToday={() => {
              hideUntilTomorrow(popup.id, koreanMidnight);
              dismiss(popup.id);
            }}
          />
        ))}
      </div>
    </div>
  );
}

function NoticePopup({
  popup,
  dialogRef,
  onClose,
  onHideToday,
}: {
  popup: PublicPopup;
  dialogRef?: React.RefObject<HTMLDivElement | null>;
  onClose(): void;
  onHideToday(): void;
}) {
  const titleId = `notice-popup-${popup.id}-title`;
  const content = (
    <>
      {popup.image ? (
        <picture>
          {popup.image.sources.map((source) => (
            <source key={source.type} type={source.type} srcSet={source.srcSet} sizes="(max-width: 900px) 90vw, 420px" />
          ))}
          <img
            className="notice-popup__image"
            src={popup.image.src}
            width={popup.image.width}
            height={popup.image.height}
            alt=""
            decoding="async"
          />
        </picture>
      ) : null}
      {popup.body ? <p className="notice-popup__body">{popup.body}</p> : null}
    </>
  );
  return (
    <div
      ref={dialogRef}
      className="notice-popup"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <h2 id={titleId} className="notice-popup__title">
        {popup.title}
      </h2>
      <div className="notice-popup__content">
        {popup.linkUrl ? (
          <a href={popup.linkUrl} className="notice-popup__link" rel={popup.linkUrl.startsWith("/") ? undefined : "noopener"}>
            {content}
          </a>
        ) : (
          content
        )}
      </div>
      <div className="notice-popup__actions">
        <button type="button" className="notice-popup__button" onClick={onHideToday}>
          오늘 하루 보지 않기
        </button>
        <button type="button" className="notice-popup__button notice-popup__button--close" onClick={onClose}>
          닫기
        </button>
      </div>
    </div>
  );
}
