import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { siteDocument } from "#app/.server/content/uploads.ts";
import { ComingSoon } from "#app/components/pages/coming-soon.tsx";
import { SectionHeading } from "#app/components/pages/info.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import type { Route } from "./+types/business-documents";

const PATH = "/BusinessGuide/documents";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  const { label, documents } = site.infoPages.comingSoon;
  // "Coming soon" until the office uploads the contract documents in the console.
  const uploaded = await siteDocument(site.slug, "contract");
  return { page, label, section: documents, document: uploaded ? { href: uploaded.href, fileName: uploaded.fileName } : null };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
  });

export default function BusinessDocumentsPage({ loaderData }: Route.ComponentProps) {
  const { label, section, document } = loaderData;
  if (!document) return <ComingSoon label={label} section={section} />;
  return (
    <section className="info-page info-page--narrow" aria-labelledby="documents-title">
      <SectionHeading section={section} id="documents-title" />
      <p>
        <a href={document.href} target="_blank" rel="noopener" className="button button--brand">
          계약 서류 보기 (PDF)
          <span className="visually-hidden"> (새 창)</span>
        </a>
      </p>
    </section>
  );
}
