import { Outlet } from "react-router";
import { requireSite, servedSites } from "#app/.server/site.ts";
import { sitesOf } from "#app/.server/site-handoff.ts";
import { hasAssignedLeads } from "#app/.server/leads/assignment.ts";
import { ROLE_LABELS } from "#app/forms/staff.ts";
import { consoleMenu } from "./console-access.ts";
import { signedInAdmin } from "./guard.server.ts";
import { AdminFrame, ConsoleErrorPage } from "./frame.tsx";
import type { Route } from "./+types/layout";

export async function loader({ context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const site = requireSite(context);
  const [mine, hasLeads] = await Promise.all([sitesOf(admin.id), admin.role === "counsellor" || hasAssignedLeads(site.slug, admin.id)]);
  // The switcher lists the administrator's other sites this server presents.
  const sites = servedSites()
    .filter((other) => mine.includes(other.slug))
    .map((other) => ({ slug: other.slug, projectName: other.pack.brand.projectName }));
  return {
    email: admin.email,
    person: admin.name || admin.email,
    // The role on this site (docs/decisions/022-role-per-site.md): the same account may be 대표 here and 상담사 elsewhere.
    role: ROLE_LABELS[admin.role],
    // The menu leaves out what a role may not open (console-access.ts); the middleware refuses it anyway.
    nav: consoleMenu(admin.role, { hasLeads }),
    projectName: site.pack.brand.projectName,
    site: site.slug,
    sites: sites.length > 1 ? sites : [],
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame
      person={loaderData.person}
      role={loaderData.role}
      nav={loaderData.nav}
      projectName={loaderData.projectName}
      site={loaderData.site}
      sites={loaderData.sites}
    >
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} frame={loaderData} />;
}
