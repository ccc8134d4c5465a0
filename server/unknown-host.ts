import type { RequestSite } from "#app/.server/site.ts";
import { unknownHostCopy } from "#app/content/unknown-host.ts";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** The client's Host header is whatever it sent: escaped like everything else on the page. */
function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/**
 * A short Korean page for a host no site claims, listing the origins each site answers on. Only
 * outside production: a live server does not tell a stranger's domain which hosts it serves.
 */
export function unknownHostPage(host: string, sites: RequestSite[]): string {
  const copy = unknownHostCopy;
  const items = sites
    .map((site) => {
      const links = site.origins.map((origin) => `<a href="${escapeHtml(origin)}/">${escapeHtml(origin)}</a>`).join(" · ");
      return `<li>${escapeHtml(site.pack.brand.projectName)} (${escapeHtml(site.slug)}): ${links}</li>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(copy.title)}</title>
</head>
<body style="font-family: system-ui, sans-serif; line-height: 1.6; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1 style="font-size: 1.4rem">${escapeHtml(copy.title)}</h1>
<p>${escapeHtml(copy.lead(host))}</p>
<ul>
${items}
</ul>
<p>${escapeHtml(copy.configured)} ${escapeHtml(copy.productionNote)}</p>
</body>
</html>
`;
}
