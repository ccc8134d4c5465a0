import { Link, Outlet } from "react-router";
import { getSite } from "#app/.server/site.ts";
import type { Route } from "./+types/layout";

export async function loader() {
  const site = getSite();
  return {
    brand: site.brand,
    phone: site.phone,
    menu: site.menu,
    builder: site.builder,
    company: site.company,
    footerDisclaimer: site.footerDisclaimer,
    copyrightYear: site.copyrightYear,
  };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { brand, phone, menu, builder, company, footerDisclaimer, copyrightYear } = loaderData;
  return (
    <>
      <a className="skip-link" href="#main">
        본문 바로가기
      </a>
      <header className="site-header">
        <Link to="/" className="site-logo">
          <img src={brand.logo.src} alt={brand.logo.alt} width={brand.logo.width / 2} height={brand.logo.height / 2} />
        </Link>
        <nav aria-label="주 메뉴">
          <ul>
            {menu.map((group) => (
              <li key={group.id}>
                <Link to={group.subMenu[0]?.subUrl ?? "/"}>{group.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <a className="site-phone" href={`tel:${phone.replace(/[^0-9]/g, "")}`}>
          {phone}
        </a>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>{company.name}</p>
        {footerDisclaimer.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p>
          분양문의 {phone} · 시공 {builder}
        </p>
        <p>© {copyrightYear} {brand.projectName}. All rights reserved.</p>
      </footer>
    </>
  );
}
