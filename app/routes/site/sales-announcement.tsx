import { useEffect, useRef, useState } from "react";
import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { siteDocument } from "#app/.server/content/uploads.ts";
import { Notes, preloadMeta, SectionHeading } from "#app/components/pages/info.tsx";
import { Picture } from "#app/components/picture.tsx";
import type { InfoPages } from "#app/content/types.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { SalesStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/sales-announcement";

const PATH = "/SalesInfo/announcement";
// Some browsers hand a PDF to a plugin or a download and never fire `load` in the new tab.
const LOADING_FALLBACK_MS = 4_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  const { announcement } = site.infoPages;
  // The office's uploaded notice, when there is one; otherwise the PDF generated from the pack.
  const uploaded = await siteDocument(site.slug, "announcement");
  return { page, announcement: uploaded ? { ...announcement, pdf: { ...announcement.pdf, href: uploaded.href } } : announcement };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
  }),
  ...(loaderData ? preloadMeta(loaderData.announcement.image) : []),
];

export default function AnnouncementPage({ loaderData }: Route.ComponentProps) {
  const { announcement } = loaderData;
  return (
    <section className="info-page announcement" aria-labelledby="announcement-title">
      <SalesStylesheet />
      <div className="announcement__text">
        <SectionHeading section={announcement} id="announcement-title" />
        <PdfButton pdf={announcement.pdf} />
        <Notes notes={announcement.notes} />
      </div>
      <figure className="announcement__preview info-figure">
        <Picture image={announcement.image} priority sizes="(max-width: 900px) 100vw, 560px" />
      </figure>
    </section>
  );
}

/**
 * Opens the PDF in a new tab and says so until that tab has loaded it. Without JavaScript (or
 * when the browser refuses the window) it is an ordinary link to a new tab.
 */
function PdfButton({ pdf }: { pdf: InfoPages["announcement"]["pdf"] }) {
  const [loading, setLoading] = useState(false);
  const fallback = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(fallback.current), []);

  const open = (event: React.MouseEvent<HTMLAnchorElement>) => {
    const opened = window.open(pdf.href, "_blank");
    if (!opened) return;
    event.preventDefault();
    setLoading(true);
    const done = () => {
      window.clearTimeout(fallback.current);
      setLoading(false);
    };
    opened.addEventListener("load", done, { once: true });
    window.clearTimeout(fallback.current);
    fallback.current = window.setTimeout(done, LOADING_FALLBACK_MS);
  };

  return (
    <div className="pdf-open">
      <a
        href={pdf.href}
        target="_blank"
        rel="noopener"
        className="button button--brand pdf-open__button"
        aria-busy={loading || undefined}
        onClick={open}
      >
        {pdf.label}
        <span className="visually-hidden"> (새 창)</span>
      </a>
      <p className="pdf-open__status" role="status">
        {loading ? (
          <>
            <span className="spinner spinner--small" aria-hidden="true" />
            {pdf.loadingLabel}
          </>
        ) : null}
      </p>
    </div>
  );
}
