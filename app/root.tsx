import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useLocation, useRouteLoaderData } from "react-router";
import { requireSite } from "#app/.server/site.ts";
import { ErrorPageStylesheet, GlobalStylesheet } from "#app/components/stylesheets.tsx";
import { ScrollRestoration } from "#app/components/scroll-restoration.tsx";
import { useNonce } from "#app/utils/nonce.tsx";
import { themeStyle } from "#app/utils/theme.ts";
import type { SiteFont } from "#app/content/types.ts";
import { ERROR_PAGE } from "#app/content/frame-words.ts";
import type { Route } from "./+types/root";
import pretendardHref from "pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css?url";

/**
 * The @font-face sheet of each font a pack may choose. Phones draw the system's Korean sans;
 * wide screens, where Windows would fall back to Malgun Gothic, get Pretendard (docs/decisions/009-fonts.md).
 * The query matches global.css's wide --font.
 */
const FONT_STYLESHEETS: Record<SiteFont, string | undefined> = { pretendard: pretendardHref, system: undefined };
const WIDE_SCREEN = "(min-width: 901px)";
/**
 * The font's sheet is held in a `<noscript>` of this id, which a browser with scripting reads as
 * text: a `<link>` whose media does not match is still fetched (at the lowest priority), and
 * Lighthouse's simulated phone counted that fetch, on a second connection, into every page's
 * first and largest paint. The starter script adds it while the screen is wide, or once it
 * becomes so (docs/decisions/051-wide-font-held.md).
 */
const WIDE_FONT_ID = "wide-font";

export async function loader({ context }: Route.LoaderArgs) {
  const { pack: site, origin } = requireSite(context);
  return {
    seo: { siteUrl: origin, siteName: site.seo.siteName, shareImage: site.seo.shareImage },
    theme: site.theme,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Absent only when the root loader itself failed: global.css's default palette and the system font then.
  const theme = useRouteLoaderData<typeof loader>("root")?.theme;
  const fontStylesheet = theme && FONT_STYLESHEETS[theme.font];
  return (
    <html lang="ko" data-font={theme?.font} style={theme && themeStyle(theme.colors)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="format-detection" content="telephone=no" />
        {theme ? <link rel="icon" href={theme.favicon} type="image/svg+xml" /> : null}
        <GlobalStylesheet />
        <Meta />
        <Links />
        {fontStylesheet ? (
          <noscript id={WIDE_FONT_ID}>
            <link rel="stylesheet" href={fontStylesheet} media={WIDE_SCREEN} />
          </noscript>
        ) : null}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <ScriptsAfterLoad nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Starts React Router's scripts once the page has loaded and painted, so that on a slow line the
 * text, the inlined styles and the pictures on screen come first (docs/decisions/019-first-paint.md).
 * The server writes <Scripts> inside <noscript>, where React does not hoist its module preloads
 * into <head> and a browser with scripting reads it as text, fetching nothing. The next script
 * runs its data script at once and adds the module preloads and the module script after the
 * `load` event, the decoding of the pictures the page shows and a painted frame (the first
 * contentful paint, or 3 s after load for a tab in the background). The client never renders
 * <noscript>'s children, so hydration matches. The handoff script (window.__reactRouterContext,
 * which the data scripts after it feed) goes into <head>, out of the body React hydrates, at once.
 * The held tags carry no nonce (each would be one more place a cached page is cut at): every copy
 * gets this script's. A page the cache keeps without a nonce (docs/decisions/045-pages-allowed-by-hashes.md)
 * gives them none: its policy allows the inline copies by their hashes, which the server took of
 * the held text, and the module scripts and preloads this script adds by 'strict-dynamic'. No
 * comment inside the script: it is bytes of every page. Before all that, at once, it adds the wide
 * screens' font sheet held in <head> (WIDE_FONT_ID) when the screen is wide or becomes so.
 */
const START_SCRIPTS = `(() => {
  const font = document.getElementById("${WIDE_FONT_ID}");
  if (font) {
    const sheet = document.createElement("template");
    sheet.innerHTML = font.textContent;
    const link = sheet.content.firstElementChild;
    const wide = matchMedia(link.media);
    const add = () => document.head.append(link);
    wide.matches ? add() : wide.addEventListener("change", add, { once: true });
  }
  const held = document.currentScript.previousElementSibling;
  const nonce = document.currentScript.nonce;
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const loaded = new Promise((resolve) =>
    document.readyState === "complete" ? resolve() : addEventListener("load", resolve, { once: true }),
  );
  const painted = new Promise((resolve) => {
    new PerformanceObserver((list) => list.getEntriesByName("first-contentful-paint").length && resolve()).observe({ type: "paint", buffered: true });
    loaded.then(() => setTimeout(resolve, 3000));
  });
  const parsed = document.createElement("template");
  parsed.innerHTML = held.textContent;
  const copy = (node) => {
    let element = node;
    if (node.localName === "script") {
      element = document.createElement("script");
      for (const { name, value } of node.attributes) element.setAttribute(name, value);
      element.textContent = node.textContent;
    }
    element.nonce = nonce;
    return element;
  };
  const nodes = [...parsed.content.children].map(copy);
  const isModule = (node) => node.localName === "link" || node.type === "module";
  document.head.append(...nodes.filter((node) => !isModule(node)));
  const start = () => document.head.append(...nodes.filter(isModule));
  loaded
    .then(() => Promise.all([...document.images].filter((image) => image.loading !== "lazy").map((image) => image.decode().catch(() => {}))))
    .then(() => painted)
    .then(frame)
    .then(frame)
    .then(start);
})();`;

function ScriptsAfterLoad({ nonce }: { nonce: string }) {
  return (
    <>
      <noscript>
        {/* An empty nonce, not none: without one, Scripts takes the request's. */}
        <Scripts nonce="" />
      </noscript>
      {/* The browser keeps the server's text: hydration does not rewrite a script. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? START_SCRIPTS : "" }} />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const words = status === 404 ? ERROR_PAGE.notFound : ERROR_PAGE.failed;
  // A 4xx carries its own Korean sentence (the console's refusals: a role that may not open a page).
  const message = isRouteErrorResponse(error) && status < 500 && status !== 404 && typeof error.data === "string" ? error.data : null;
  const heading = status === 403 ? ERROR_PAGE.forbidden : message ? ERROR_PAGE.refused : words.heading;
  const inConsole = useLocation().pathname.startsWith("/admin");
  // A refusal by the console's middleware comes before any loader, the root's too: the console names itself.
  const titleEnd = rootData ? rootData.seo.siteName : inConsole ? "관리자" : null;
  return (
    <main className="error-page error-page--alone">
      <ErrorPageStylesheet />
      <title>{titleEnd ? `${heading} | ${titleEnd}` : heading}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__code" aria-hidden="true">
        {status}
      </p>
      <h1 className="error-page__title">{heading}</h1>
      <p className="error-page__message">{message ?? words.message}</p>
      <div className="error-page__actions">
        <a href={inConsole ? "/admin" : "/"} className="button button--brand">
          {inConsole ? ERROR_PAGE.console : ERROR_PAGE.home}
        </a>
      </div>
      {import.meta.env.DEV && error instanceof Error ? <pre className="error-page__stack">{error.stack}</pre> : null}
    </main>
  );
}
