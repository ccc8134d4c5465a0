import { Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import { useAnswerInView, usePlaceKeptAfterPost } from "./forms.tsx";
import { LiveNav, type NavItem, NotificationsOffer, NOTIFICATIONS_STATE_SCRIPT } from "./live-alerts.tsx";
import { ERROR_PAGE } from "#app/content/frame-words.ts";
import { useNonce } from "#app/utils/nonce.tsx";
import { withParticle } from "#app/utils/particles.ts";
import "#app/styles/admin.css";

/** The console's frame: the header with the project, the menu, the site switcher and the signed-in person with their role on this site. */
export function AdminFrame({
  person,
  role,
  nav = [],
  projectName,
  site,
  sites = [],
  children,
}: {
  /** Who is signed in: their name (or e-mail), and their role on this site. */
  person?: string;
  role?: string;
  nav?: NavItem[];
  projectName?: string;
  site?: string;
  sites?: { slug: string; projectName: string }[];
  children: React.ReactNode;
}) {
  const signingOut = useNavigation().formAction === "/admin/logout";
  const nonce = useNonce();
  usePlaceKeptAfterPost();
  useAnswerInView();
  return (
    <div className="admin">
      {/* Before the header: the first paint knows whether to offer notifications (live-alerts.tsx). */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? NOTIFICATIONS_STATE_SCRIPT : "" }}
      />
      <a href="#admin-main" className="skip-link">
        본문 바로가기
      </a>
      <header className="admin-header">
        <div className="admin-header__inner">
          <Link to="/admin" className="admin-header__brand">
            <span className="admin-header__project">{projectName}</span>
            {person ? null : <span className="admin-header__label">관리자</span>}
          </Link>
          {/* Without the layout's data nobody is known: no menu, and no live stream to open. */}
          {person ? <LiveNav items={nav} /> : null}
          {sites.length > 0 ? (
            <Form method="post" action="/admin/switch-site" className="admin-site-switch">
              <label htmlFor="admin-site-switch" className="visually-hidden">
                관리할 사이트
              </label>
              <select id="admin-site-switch" name="site" defaultValue={site}>
                {sites.map((other) => (
                  <option key={other.slug} value={other.slug}>
                    {other.projectName}
                  </option>
                ))}
              </select>
              <button type="submit" className="admin-button admin-button--ghost">
                이동
              </button>
            </Form>
          ) : null}
          {person ? (
            <Form method="post" action="/admin/logout" className="admin-header__account">
              {role ? <span className="admin-header__role">{role}</span> : null}
              <Link to="/admin/account" className="admin-header__email" title="내 계정">
                {person}
              </Link>
              <button type="submit" className="admin-button admin-button--ghost" disabled={signingOut}>
                로그아웃
              </button>
            </Form>
          ) : null}
        </div>
      </header>
      {person ? <NotificationsOffer /> : null}
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** The console's page for a refusal or an error, in the frame (with its menu when the layout's data is there). */
export function ConsoleErrorPage({ error, frame }: { error: unknown; frame?: Omit<React.ComponentProps<typeof AdminFrame>, "children"> }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // 4xx answers carry their own Korean message (a bad date, a page the role may not open).
  const message = isRouteErrorResponse(error) && status < 500 && typeof error.data === "string" ? error.data : null;
  const title =
    status === 404
      ? "찾을 수 없습니다"
      : status === 403
        ? "권한이 없습니다"
        : status < 500
          ? "요청을 처리할 수 없습니다"
          : "일시적인 오류가 발생했습니다";
  // The person's first menu entry is their console's first page: 대시보드, or a counsellor's 오늘 할 일.
  const home = frame?.nav?.[0];
  return (
    <AdminFrame {...frame}>
      <title>{`${title} | 관리자`}</title>
      <meta name="robots" content="noindex,nofollow" />
      <section className="admin-card admin-empty">
        <h1 className="admin-title">{title}</h1>
        <p>{message ?? (status === 404 ? "삭제되었거나 없는 항목입니다." : "잠시 후 다시 시도해 주세요.")}</p>
        <Link to={home?.to ?? "/admin"} className="admin-button">
          {home ? withParticle(home.label, "으로/로") : ERROR_PAGE.console}
        </Link>
      </section>
    </AdminFrame>
  );
}
