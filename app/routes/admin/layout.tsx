import { Form, isRouteErrorResponse, Link, Outlet, useNavigation } from "react-router";
import { requireSite, servedSites } from "#app/.server/site.ts";
import { sitesOf } from "#app/.server/site-handoff.ts";
import { hasAssignedLeads } from "#app/.server/leads/assignment.ts";
import { adminHeadersMiddleware, requireAdminMiddleware } from "./guard.server.ts";
import { requireAdmin } from "#app/.server/auth.ts";
import { ROLE_LABELS } from "#app/forms/staff.ts";
import { can, type Permission } from "#app/permissions.ts";
import { LiveNav, type NavItem } from "./live-alerts.tsx";
import type { Route } from "./+types/layout";
import "#app/styles/admin.css";

// The middleware refuses a visitor before any loader below runs (loaders run in parallel, so a
// parent loader alone would not); every loader and action still checks for itself.
export const middleware: Route.MiddlewareFunction[] = [adminHeadersMiddleware, requireAdminMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const site = requireSite(context);
  const [mine, assigned] = await Promise.all([sitesOf(admin.id), admin.role === "counsellor" || hasAssignedLeads(site.slug, admin.id)]);
  // The switcher lists the administrator's other sites this server presents.
  const sites = servedSites()
    .filter((other) => mine.includes(other.slug))
    .map((other) => ({ slug: other.slug, projectName: other.pack.brand.projectName }));
  return {
    email: admin.email,
    person: `${admin.name || admin.email} · ${ROLE_LABELS[admin.role]}`,
    nav: NAV.filter((item) => (!item.permission || can(admin.role, item.permission)) && (item.to !== MY_LEADS || assigned)).map(
      ({ to, label, end }) => ({ to, label, end }),
    ),
    projectName: site.pack.brand.projectName,
    site: site.slug,
    sites: sites.length > 1 ? sites : [],
  };
}

/** "내 고객": the inbox of one's own leads, in the menu of counsellors and of anyone with leads assigned. */
const MY_LEADS = "/admin/leads?mine=1";

// The menu leaves out what a role may not open; the pages refuse it anyway (app/permissions.ts).
const NAV: { to: string; label: string; end: boolean; permission?: Permission }[] = [
  { to: "/admin", label: "대시보드", end: true, permission: "leads.unassigned" },
  { to: "/admin/leads", label: "고객 접수", end: false, permission: "leads.unassigned" },
  { to: MY_LEADS, label: "내 고객", end: false, permission: "leads.unassigned" },
  { to: "/admin/visits", label: "방문 예약", end: false, permission: "visits.view" },
  { to: "/admin/conversion", label: "전환 분석", end: false, permission: "reports.view" },
  { to: "/admin/notifications", label: "문자 발송", end: false, permission: "outbox.view" },
  { to: "/admin/press", label: "보도자료", end: false, permission: "press.manage" },
  { to: "/admin/popups", label: "공지 팝업", end: false, permission: "content.manage" },
  { to: "/admin/documents", label: "공고·서류", end: false, permission: "content.manage" },
  { to: "/admin/schedule", label: "분양 일정", end: false, permission: "content.manage" },
  { to: "/admin/site-settings", label: "사이트 설정", end: false, permission: "content.manage" },
  { to: "/admin/staff", label: "직원 계정", end: false, permission: "staff.manage" },
  { to: "/admin/audit", label: "접속 기록", end: false, permission: "audit.view" },
  { to: "/admin/settings", label: "배정 설정", end: false, permission: "leads.assign" },
  { to: "/admin/account", label: "내 계정", end: false },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame
      person={loaderData.person}
      nav={loaderData.nav}
      projectName={loaderData.projectName}
      site={loaderData.site}
      sites={loaderData.sites}
    >
      <Outlet />
    </AdminFrame>
  );
}

function AdminFrame({
  person,
  nav = [],
  projectName,
  site,
  sites = [],
  children,
}: {
  person?: string;
  nav?: NavItem[];
  projectName?: string;
  site?: string;
  sites?: { slug: string; projectName: string }[];
  children: React.ReactNode;
}) {
  const signingOut = useNavigation().formAction === "/admin/logout";
  return (
    <div className="admin">
      <a href="#admin-main" className="skip-link">
        본문 바로가기
      </a>
      <header className="admin-header">
        <div className="admin-header__inner">
          <Link to="/admin" className="admin-header__brand">
            <span className="admin-header__project">{projectName}</span>
            <span className="admin-header__label">관리자</span>
          </Link>
          <nav className="admin-nav" aria-label="관리자 메뉴">
            <LiveNav items={nav} />
          </nav>
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
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
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
  return (
    <AdminFrame person={loaderData?.person} nav={loaderData?.nav} projectName={loaderData?.projectName}>
      <title>{`${title} | 관리자`}</title>
      <meta name="robots" content="noindex,nofollow" />
      <section className="admin-card admin-empty">
        <h1 className="admin-title">{title}</h1>
        <p>{message ?? (status === 404 ? "삭제되었거나 없는 항목입니다." : "잠시 후 다시 시도해 주세요.")}</p>
        <Link to="/admin" className="admin-button">
          대시보드로
        </Link>
      </section>
    </AdminFrame>
  );
}
