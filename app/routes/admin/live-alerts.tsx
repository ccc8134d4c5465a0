import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import type { MenuItem } from "./console-access.ts";
import { ConsoleMenu, currentLink } from "./console-menu.tsx";
import { arrivalMessage } from "#app/forms/door.ts";

/**
 * The console's menu, kept up to date while a page is open: the server's event stream
 * (/admin/events) tells of new leads, of leads given to this person and of their callbacks coming
 * due; the menu counts them until the person opens the list (오늘 할 일 for callbacks), the inbox,
 * dashboard and 오늘 할 일 reload their data, a callback is announced on the page, and, once the
 * person allows it, the browser shows a notification (masked name and kind only). Without
 * JavaScript the menu still opens (console-menu.tsx) and its links work.
 */

export type NavItem = MenuItem;

export interface Alert {
  type: "lead" | "assigned" | "callback" | "arrived";
  leadId: number;
  kindLabel: string;
  maskedName: string;
}

const INBOX = "/admin/leads";
/** A page counts as in use for this long after the last key, click, tap or scroll. */
const IN_USE_MS = 5 * 60_000;
const TOUCHES = ["pointerdown", "keydown", "wheel", "touchstart"] as const;
/** When the person last used the page (module-wide: one console per tab). */
let lastTouch = Date.now();
const MINE = "/admin/leads?mine=1";
const TODAY = "/admin/today";
/**
 * Alerts that arrive together are taken together: an import or a bulk assignment brings hundreds
 * in a few polls (up to 100 a poll), and each one reloading the page's data cancelled the reload
 * before it and re-rendered the page under the person's hands. The menu counts each at once.
 */
const BURST_MS = 300;
/** More alerts of one kind than this in a burst make one notification that counts them. */
const NOTES_ONE_BY_ONE = 3;

/**
 * The pages whose data new alerts change: the dashboard, the inbox, a lead's page and 오늘 할 일.
 * Not the import page under the inbox: a reload drops a page's action result unless the page keeps
 * it (`useKeptAnswer`, as a lead's page does), and the import's summary (which rows were skipped,
 * and why) has no live data to gain from one.
 */
export function showsLiveLeads(pathname: string) {
  return pathname === "/admin" || pathname === INBOX || /^\/admin\/leads\/\d+$/.test(pathname) || pathname === TODAY;
}

/** What a callback coming due says, on the page and in the notification. */
export function callbackMessage(maskedName: string) {
  return `${maskedName} 고객님께 다시 전화할 시간입니다`;
}

export function LiveNav({ items }: { items: NavItem[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [counts, setCounts] = useState({ leads: 0, mine: 0, today: 0 });
  const [callback, setCallback] = useState<Alert | null>(null);
  const mine = new URLSearchParams(location.search).get("mine") === "1";
  const onInbox = location.pathname === INBOX;
  const onToday = location.pathname === TODAY;

  // Opening a list clears its count (adjusted while rendering the new location, not in an effect).
  const [seen, setSeen] = useState(location.key);
  if (seen !== location.key) {
    setSeen(location.key);
    if (onInbox) setCounts((current) => (mine ? { ...current, mine: 0 } : { ...current, leads: 0 }));
    if (onToday) {
      setCounts((current) => ({ ...current, today: 0 }));
      // 오늘 할 일 lists the callback: the announcement has done its work.
      setCallback(null);
    }
  }

  // Reloading the page's data is a request that keeps the session alive, so alerts reload it only
  // while someone is using the page; a page left alone catches up at the next touch, and its session
  // still ends after the idle time.
  const [stale, setStale] = useState(false);
  const reload = useEffectEvent(() => {
    setStale(false);
    if (showsLiveLeads(location.pathname)) void revalidator.revalidate();
  });
  const burst = useRef<Alert[]>([]);
  const burstTimer = useRef<number | undefined>(undefined);
  const takeBurst = useEffectEvent(() => {
    const alerts = burst.current;
    burst.current = [];
    if (document.visibilityState === "visible" && Date.now() - lastTouch < IN_USE_MS) reload();
    else setStale(true);
    notify(notesFor(alerts), (path) => void navigate(path));
  });
  const receive = useEffectEvent((alert: Alert) => {
    setCounts((current) =>
      alert.type === "lead"
        ? { ...current, leads: current.leads + 1 }
        : alert.type === "assigned"
          ? { ...current, mine: current.mine + 1 }
          : alert.type === "callback"
            ? { ...current, today: current.today + 1 }
            : current,
    );
    if (alert.type === "callback" || alert.type === "arrived") setCallback(alert);
    if (burst.current.push(alert) === 1) burstTimer.current = window.setTimeout(() => takeBurst(), BURST_MS);
  });
  const touched = useEffectEvent(() => {
    lastTouch = Date.now();
    if (stale) reload();
  });

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/admin/events");
    const listener = (event: MessageEvent<string>) => receive(JSON.parse(event.data) as Alert);
    source.addEventListener("lead", listener);
    source.addEventListener("assigned", listener);
    source.addEventListener("callback", listener);
    source.addEventListener("arrived", listener);
    const onTouch = () => touched();
    for (const name of TOUCHES) window.addEventListener(name, onTouch, { passive: true });
    return () => {
      source.close();
      window.clearTimeout(burstTimer.current);
      for (const name of TOUCHES) window.removeEventListener(name, onTouch);
    };
  }, []);

  const current = currentLink(items, location.pathname, location.search);
  const links = items.map((item) => ({
    to: item.to,
    label: item.label,
    group: item.group,
    count: item.to === MINE ? counts.mine : item.to === INBOX ? counts.leads : item.to === TODAY ? counts.today : 0,
    current: item.to === current,
  }));
  return (
    <>
      <ConsoleMenu links={links} />
      {/* Once, outside the menu (drawn twice: desk and phone), so a screen reader hears it once. */}
      <p className="admin-live__callback" role="status">
        {callback ? (
          <Link to={`/admin/leads/${callback.leadId}#call-sheet`} onClick={() => setCallback(null)}>
            {callback.type === "arrived" ? arrivalMessage(callback.maskedName) : callbackMessage(callback.maskedName)}
          </Link>
        ) : null}
      </p>
    </>
  );
}

/** "나중에" hides the offer for the rest of the tab's session (a new session offers it again). */
const NOTIFICATIONS_LATER = "console-notifications-later";

/**
 * Whether the browser may still be asked to show notifications, as an attribute of the document
 * (`data-notifications`: default, granted, denied, unsupported, or later once the person said 나중에),
 * set by a script in the page before the header is parsed. The offer below is shown by the style
 * sheet from that attribute, so the first paint already has it or not: shown after hydration it
 * moved the page under a finger (the header wrapped to a second row at 721–1000 px).
 */
export const NOTIFICATIONS_STATE_SCRIPT = `(() => {
  let state = "Notification" in window ? Notification.permission : "unsupported";
  try {
    if (state === "default" && sessionStorage.getItem("${NOTIFICATIONS_LATER}")) state = "later";
  } catch {}
  document.documentElement.dataset.notifications = state;
})()`;

function setNotificationsState(state: string) {
  document.documentElement.dataset.notifications = state;
}

/**
 * The offer to turn on browser notifications, below the header, for a signed-in person whose
 * browser has not been asked yet. In the page's markup on every console page; visible only when
 * NOTIFICATIONS_STATE_SCRIPT found the question open (so never without JavaScript, which it needs).
 */
export function NotificationsOffer() {
  return (
    <section className="admin-notify" aria-label="새 고객 알림">
      <p className="admin-notify__text">새 고객이 접수되거나 배정되면 이 기기에 알림을 띄울 수 있습니다.</p>
      <button
        type="button"
        className="admin-button"
        onClick={() => void Notification.requestPermission().then((answer) => setNotificationsState(answer))}
      >
        새 고객 알림 켜기
      </button>
      <button
        type="button"
        className="admin-button admin-button--ghost"
        onClick={() => {
          try {
            sessionStorage.setItem(NOTIFICATIONS_LATER, "1");
          } catch {
            // Storage refused (a private window): the offer stays hidden until a page is loaded afresh.
          }
          setNotificationsState("later");
        }}
      >
        나중에
      </button>
    </section>
  );
}

/** What a browser notification says and opens. */
export interface Note {
  title: string;
  body: string;
  /** Notifications with the same tag replace each other. */
  tag: string;
  path: string;
}

/**
 * The notifications a burst of alerts makes: one each, but one that counts them for a kind that
 * came more than NOTES_ONE_BY_ONE times (an import's new leads, a bulk assignment), so a list of 500
 * does not make 500. Masked names and kinds only, never a number.
 */
export function notesFor(alerts: readonly Alert[]): Note[] {
  const many = (type: Alert["type"]) => alerts.filter((alert) => alert.type === type).length > NOTES_ONE_BY_ONE;
  const notes: Note[] = [];
  for (const type of ["lead", "assigned"] as const) {
    if (!many(type)) continue;
    const count = alerts.filter((alert) => alert.type === type).length;
    notes.push(
      type === "lead"
        ? { title: `새 고객 ${count}명이 접수되었습니다`, body: "고객 접수 목록에서 확인하세요", tag: "lead-many", path: INBOX }
        : { title: `고객 ${count}명이 배정되었습니다`, body: "내 고객 목록에서 확인하세요", tag: "assigned-many", path: MINE },
    );
  }
  for (const alert of alerts) {
    if (many(alert.type)) continue;
    const title =
      alert.type === "lead"
        ? "새 고객이 접수되었습니다"
        : alert.type === "assigned"
          ? "고객이 배정되었습니다"
          : alert.type === "arrived"
            ? "고객이 도착했습니다"
            : "다시 전화할 시간입니다";
    const body =
      alert.type === "callback"
        ? callbackMessage(alert.maskedName)
        : alert.type === "arrived"
          ? arrivalMessage(alert.maskedName)
          : `${alert.maskedName} · ${alert.kindLabel}`;
    notes.push({ title, body, tag: `${alert.type}-${alert.leadId}`, path: `/admin/leads/${alert.leadId}` });
  }
  return notes;
}

/** The browser's notifications, once the person allowed them. */
function notify(notes: readonly Note[], open: (path: string) => void) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  for (const { title, body, tag, path } of notes) {
    const notification = new Notification(title, { body, tag });
    notification.onclick = () => {
      window.focus();
      open(path);
      notification.close();
    };
  }
}
