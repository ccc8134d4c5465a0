import type { Register } from "react-router";
import { can, type Permission } from "#app/permissions.ts";
import type { UploadKind } from "#app/forms/uploads.ts";
import type { Role } from "#app/vocabulary.ts";

/**
 * Who may use each console URL, declared once. The console's middleware (guard.server.ts) enforces
 * it before any loader or action runs; the menu and the authorization test
 * (tests/integration/console-authorization.test.ts) are built from it. The type lists every
 * `/admin` path app/routes.ts declares (React Router's generated `Register`), so a console route
 * added without a row here does not compile.
 */

/** Who may: anyone (the sign-in steps), anyone signed in, or a role holding a permission. */
export type Access = "anyone" | "signed-in" | Permission;

export interface ConsoleRoute {
  /** Who may open it (GET). Absent: the route only redirects a visit elsewhere. */
  view?: Access;
  /** Who may post to it: one rule, or one per `intent` field (any other intent is a 400). */
  post?: Access | Readonly<Record<string, Access>>;
  /** A resource route (a download, a stream): refusals answer 401/403 instead of sending the browser to sign in. */
  resource?: boolean;
  /** Reading it does not count as activity (a stream a tab keeps open must not keep a session alive). */
  quiet?: boolean;
  /** Its entries in the console's menu, in the order the menu shows them. */
  menu?: readonly MenuEntry[];
  /**
   * Its post is a multipart form carrying a file of this kind: the server reads such a body up to
   * the kind's limit (server/body-limits.ts), under every URL that reaches the route, for a person
   * its post rule allows. Every other post is read up to 64 KB.
   */
  upload?: UploadKind;
  /** A kiosk session may use it (the kiosk screen); a kiosk is sent back there from every other route that is not a sign-in step. */
  kiosk?: boolean;
}

/** The desk's kiosk screen, where a kiosk session is kept (decision 029). */
export const KIOSK_PATH = "/admin/door/kiosk";
export const KIOSK_ONLY_MESSAGE = "이 기기는 현장 등록 키오스크입니다. 다른 화면은 다시 로그인한 뒤에 열 수 있습니다.";

/** The menus the console's header groups its pages into, in the order it shows them. */
export const MENU_GROUPS = { customers: "고객", promotion: "홍보", settings: "설정" } as const;
export type MenuGroup = keyof typeof MENU_GROUPS;

interface MenuEntry {
  label: string;
  /** The header's menu it sits in; none: a link of its own (the dashboard). */
  group?: MenuGroup;
  /** Added to the path: "내 고객" is the inbox with ?mine=1. */
  query?: string;
  /** Shown only to people with leads to work ("내 고객"). */
  onlyWithLeads?: boolean;
  /** Shown only to people holding this permission (the dashboard: a counsellor's console opens on 오늘 할 일 instead). */
  onlyFor?: Permission;
}

export type ConsolePath = Extract<keyof Register["pages"], "/admin" | `/admin/${string}`>;

export const CONSOLE_ROUTES = {
  // Signing in: the password, then a code (or enrolling a second factor); an invitation sets the password first.
  "/admin/login": { view: "anyone", post: "anyone" },
  "/admin/login/code": { view: "anyone", post: "anyone" },
  "/admin/enrol": { view: "anyone", post: "anyone" },
  "/admin/invite/:token": { view: "anyone", post: "anyone" },
  "/admin/logout": { post: "anyone" },
  "/admin/handoff": { view: "anyone", post: { continue: "anyone", decline: "anyone" } },
  "/admin/switch-site": { post: "signed-in" },
  // A counsellor's /admin is 오늘 할 일 (the dashboard sends them there).
  "/admin": { view: "leads.unassigned", menu: [{ label: "대시보드", onlyFor: "leads.all" }] },
  // Callbacks due, today's visitors, new leads not yet called: one's own; owners and managers the team's.
  // visit: a visitor's 방문 / 노쇼, of a lead the person works (visits/office.ts decides).
  "/admin/today": { view: "leads.unassigned", post: { visit: "leads.unassigned" }, menu: [{ label: "오늘 할 일", group: "customers" }] },
  "/admin/leads": {
    view: "leads.unassigned",
    post: { search: "leads.unassigned", assign: "leads.assign" },
    menu: [
      { label: "고객 접수", group: "customers" },
      { label: "내 고객", query: "mine=1", onlyWithLeads: true, group: "customers" },
    ],
  },
  // 전화 접수: whoever takes a call registers the caller (leads/caller.ts gives it to a counsellor who took it).
  "/admin/leads/new": { view: "leads.unassigned", post: "leads.unassigned", menu: [{ label: "전화 접수", group: "customers" }] },
  "/admin/leads/:id": {
    view: "leads.unassigned",
    // take: a lead nobody works; visit: the booking of a lead the person works (leads/record.ts, visits/office.ts decide).
    post: {
      status: "leads.unassigned",
      note: "leads.unassigned",
      assign: "leads.assign",
      reveal: "leads.unassigned",
      take: "leads.unassigned",
      visit: "leads.unassigned",
      // The call sheet, the 가망 등급 and the next contact time: whoever works the lead (leads/contacts.ts decides).
      contact: "leads.unassigned",
      grade: "leads.unassigned",
      "follow-up": "leads.unassigned",
      "missed-call-text": "leads.unassigned",
      // Whoever works the lead asks to hand it over (leads/transfers.ts checks the lead is theirs).
      transfer: "leads.unassigned",
      // Whoever works the lead books a visit for the customer (visits/staff-booking.ts decides).
      "book-visit": "leads.unassigned",
    },
  },
  "/admin/leads/:id/text": { view: "leads.unassigned", post: { send: "leads.unassigned", "opt-out": "leads.unassigned" } },
  "/admin/leads/:id/delete": { view: "leads.delete", post: "leads.delete" },
  "/admin/leads/bin": { view: "leads.delete", post: { restore: "leads.delete" }, menu: [{ label: "휴지통", group: "customers" }] },
  "/admin/leads/export": { view: "leads.export" },
  "/admin/leads/export.csv": { post: "leads.export", resource: true },
  "/admin/leads/export.xlsx": { post: "leads.export", resource: true },
  // A multipart post (the file, then the sealed preview): one rule for both steps, so the middleware never reads the file.
  "/admin/leads/import": {
    view: "leads.import",
    post: "leads.import",
    upload: "spreadsheet",
    menu: [{ label: "고객 가져오기", group: "customers" }],
  },
  "/admin/customers/:id": { view: "leads.unassigned", post: { visit: "leads.unassigned", merge: "leads.assign" } },
  "/admin/events": { view: "signed-in", resource: true, quiet: true },
  "/admin/visits": {
    view: "visits.view",
    post: {
      "open-day": "visits.manage",
      "close-day": "visits.manage",
      "close-day-confirmed": "visits.manage",
      capacity: "visits.manage",
      // A counsellor marks the visits of their own customers (visits/office.ts checks the lead).
      attendance: "visits.view",
      "cancel-booking": "visits.manage",
      "move-booking": "visits.manage",
      "burst-spam": "visits.manage",
      "burst-clear": "visits.manage",
      "visit-settings": "visits.manage",
      "waitlist-withdraw": "visits.manage",
    },
    menu: [{ label: "방문 예약", group: "customers" }],
  },
  // The model house's door (입장 확인): whoever works the site's desk checks visitors in and registers walk-ins.
  "/admin/door": {
    view: "visits.view",
    post: { "check-in": "visits.view", "check-in-key": "visits.view", "walk-in": "visits.view", kiosk: "visits.view" },
    menu: [{ label: "입장 확인", group: "customers" }],
  },
  "/admin/door/kiosk": { view: "visits.view", post: { "walk-in": "visits.view" }, kiosk: true },
  // The 동호수 board: a counsellor holds for their own customers (units/holds.ts checks the lead); selling and editing are a manager's.
  "/admin/units": {
    view: "units.hold",
    post: { hold: "units.hold", release: "units.hold", contract: "units.manage", "undo-contract": "units.manage", edit: "units.manage" },
    menu: [{ label: "동호수 현황", group: "customers" }],
  },
  "/admin/units/import": { view: "units.manage", post: "units.manage", upload: "spreadsheet" },
  "/admin/consent": {
    view: "consent.manage",
    post: "consent.manage",
    upload: "csv",
    menu: [{ label: "광고 수신 거부", group: "customers" }],
  },
  "/admin/conversion": { view: "reports.view", menu: [{ label: "전환 분석", group: "customers" }] },
  "/admin/channels": {
    view: "channels.manage",
    post: { save: "channels.manage", delete: "channels.manage", spend: "channels.manage" },
    menu: [{ label: "유입 채널", group: "promotion" }],
  },
  // A multipart post (the export, then its text again to import): one rule for both steps.
  "/admin/channels/spend-import": { view: "channels.manage", post: "channels.manage", upload: "csv" },
  // Everyone's rows for reports.view, one's own for anyone else (leads/performance.ts decides).
  "/admin/performance": { view: "reports.own", menu: [{ label: "팀 성과", group: "customers" }] },
  "/admin/performance.csv": { view: "reports.own", resource: true },
  "/admin/performance.xlsx": { view: "reports.own", resource: true },
  "/admin/notifications": { view: "outbox.view", post: { retry: "outbox.view" }, menu: [{ label: "문자 발송", group: "customers" }] },
  "/admin/templates": {
    view: "texts.manage",
    post: { register: "texts.manage", preview: "texts.manage", retire: "texts.manage" },
    menu: [{ label: "알림톡 템플릿", group: "settings" }],
  },
  "/admin/campaigns": {
    view: "campaigns.manage",
    post: { count: "campaigns.manage", create: "campaigns.manage", prices: "campaigns.manage" },
    menu: [{ label: "캠페인 문자", group: "promotion" }],
  },
  "/admin/campaigns/:id": {
    view: "campaigns.manage",
    post: {
      test: "campaigns.manage",
      send: "campaigns.manage",
      pause: "campaigns.manage",
      resume: "campaigns.manage",
      cancel: "campaigns.manage",
    },
  },
  "/admin/press": { view: "press.manage", menu: [{ label: "보도자료", group: "promotion" }] },
  "/admin/press/new": { view: "press.manage", post: { save: "press.manage", preview: "press.manage" } },
  "/admin/press/:id": { view: "press.manage", post: { save: "press.manage", preview: "press.manage" } },
  "/admin/press/:id/delete": { view: "press.manage", post: "press.manage" },
  "/admin/popups": { view: "content.manage", menu: [{ label: "공지 팝업", group: "promotion" }] },
  "/admin/popups/new": { view: "content.manage", post: "content.manage", upload: "image" },
  "/admin/popups/:id": { view: "content.manage", post: "content.manage", upload: "image" },
  "/admin/documents": { view: "content.manage", post: "content.manage", upload: "pdf", menu: [{ label: "공고·서류", group: "promotion" }] },
  "/admin/schedule": { view: "content.manage", post: "content.manage", menu: [{ label: "분양 일정", group: "promotion" }] },
  "/admin/schedule/:id": { view: "content.manage", post: "content.manage" },
  "/admin/schedule/:id/delete": { view: "content.manage", post: "content.manage" },
  // The 분양가 table and 납부 일정, published on /SalesInfo/price.
  "/admin/prices": {
    view: "prices.manage",
    post: { save: "prices.manage", publish: "prices.manage", withdraw: "prices.manage" },
    menu: [{ label: "분양가·납부 일정", group: "promotion" }],
  },
  "/admin/site-settings": {
    view: "content.manage",
    post: { save: "content.manage", revert: "content.manage" },
    menu: [{ label: "사이트 설정", group: "settings" }],
  },
  "/admin/staff": {
    view: "staff.manage",
    post: {
      invite: "staff.manage",
      reinvite: "staff.manage",
      role: "staff.manage",
      sites: "staff.manage",
      disable: "staff.manage",
      enable: "staff.manage",
      "reset-second-factor": "staff.manage",
    },
    menu: [{ label: "직원 계정", group: "settings" }],
  },
  "/admin/audit": { view: "audit.view", post: "audit.view", menu: [{ label: "접속 기록", group: "settings" }] },
  "/admin/settings": {
    view: "leads.assign",
    post: {
      save: "leads.assign",
      counsellor: "leads.assign",
      "day-off": "leads.assign",
      "day-off-remove": "leads.assign",
      "approve-transfer": "leads.assign",
      "decline-transfer": "leads.assign",
      block: "leads.assign",
      unblock: "leads.assign",
    },
    menu: [{ label: "배정 설정", group: "settings" }],
  },
  // Where the public remaining-units figures come from, and the public 잔여세대 page (the board's settings).
  "/admin/units/settings": { view: "units.manage", post: "units.manage", menu: [{ label: "잔여세대 설정", group: "settings" }] },
  "/admin/account": {
    view: "signed-in",
    post: { name: "signed-in", password: "signed-in", alerts: "signed-in", duty: "signed-in", "sign-out-everywhere": "signed-in" },
    menu: [{ label: "내 계정", group: "settings" }],
  },
  // Any other /admin address: the console's 404 for whoever is signed in; anyone else signs in first.
  "/admin/*": { view: "signed-in" },
} as const satisfies Record<ConsolePath, ConsoleRoute>;

type ConsoleRoutes = typeof CONSOLE_ROUTES;

/**
 * A console post as its route's rule names it: the path, with `#intent` when the route has a rule
 * per intent ("/admin/door#walk-in"). The browser test of the console's forms names the posts it
 * sends (tests/e2e/console-forms.spec.ts), and a unit test holds it to this list.
 */
export type ConsolePost = {
  [Path in keyof ConsoleRoutes]: ConsoleRoutes[Path] extends { post: infer Rule }
    ? Rule extends string
      ? Path
      : `${Path}#${keyof Rule & string}`
    : never;
}[keyof ConsoleRoutes];

/** Every console post, in the table's order. */
export function consolePosts(): ConsolePost[] {
  return Object.entries(CONSOLE_ROUTES as Record<string, ConsoleRoute>).flatMap(([path, route]) => {
    if (route.post === undefined) return [];
    if (typeof route.post === "string") return [path as ConsolePost];
    return Object.keys(route.post).map((intent) => `${path}#${intent}` as ConsolePost);
  });
}

/** The rule of a matched route pattern ("/admin/leads/:id"), or undefined for a path that is not a console route. */
export function consoleRouteOf(pattern: string): ConsoleRoute | undefined {
  const path = pattern.startsWith("/") ? pattern : `/${pattern}`;
  return Object.hasOwn(CONSOLE_ROUTES, path) ? (CONSOLE_ROUTES as Record<string, ConsoleRoute>)[path] : undefined;
}

/**
 * Who may post with this intent: the route's one rule, or its intent's rule; null when the route
 * takes no posts or does not know the intent.
 */
export function postAccess(route: ConsoleRoute, intent: string | null): Access | null {
  if (route.post === undefined) return null;
  if (typeof route.post === "string") return route.post;
  return intent !== null && Object.hasOwn(route.post, intent) ? route.post[intent]! : null;
}

/** Whether a person with this role (null: not signed in) may do what a rule allows. */
export function allows(access: Access, role: Role | null): boolean {
  if (access === "anyone") return true;
  if (role === null) return false;
  return access === "signed-in" || can(role, access);
}

export interface MenuItem {
  to: string;
  label: string;
  /** The header's menu it sits in, or null for a link of its own. */
  group: MenuGroup | null;
  /** Matches only its own path (the dashboard), not the paths below it. */
  end: boolean;
}

/** The console's menu for one person: every page they may open, in the table's order. */
export function consoleMenu(role: Role, { hasLeads }: { hasLeads: boolean }): MenuItem[] {
  return Object.entries(CONSOLE_ROUTES as Record<string, ConsoleRoute>).flatMap(([path, route]) =>
    route.view && allows(route.view, role)
      ? (route.menu ?? [])
          .filter((entry) => (!entry.onlyWithLeads || hasLeads) && (!entry.onlyFor || can(role, entry.onlyFor)))
          .map((entry) => ({
            to: entry.query ? `${path}?${entry.query}` : path,
            label: entry.label,
            group: entry.group ?? null,
            end: path === "/admin",
          }))
      : [],
  );
}
