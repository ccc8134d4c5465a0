import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { requireSite } from "#app/.server/site.ts";
import { useNonce } from "#app/utils/nonce.tsx";
import { themeStyle } from "#app/utils/theme.ts";
import type { SiteFont } from "#app/content/types.ts";
import type { Route } from "./+types/root";
import "./styles/global.css";
import pretendardHref from "pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css?url";

/**
 * The @font-face sheet of each font a pack may choose. Phones draw the system's Korean sans;
 * wide screens, where Windows would fall back to Malgun Gothic, get Pretendard. A stylesheet whose
 * media does not match neither blocks rendering nor loads its fonts (docs/decisions/009-fonts.md).
 * The query matches global.css's wide --font.
 */
const FONT_STYLESHEETS: Record<SiteFont, string | undefined> = { pretendard: pretendardHref, system: undefined };

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
        <Meta />
        <Links />
        {fontStylesheet ? <link rel="stylesheet" href={fontStylesheet} media="(min-width: 901px)" /> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const heading = notFound ? "Not Found" : "Unexpected Application Error!";
  return (
    <main className="error-page">
      <title>{rootData ? `${heading} | ${rootData.seo.siteName}` : heading}</title>
      <meta name="robots" content="noindex" />
      <h1>{heading}</h1>
      <p>
        {notFound
          ? "요청하신 페이지를 찾을 수 없습니다. 주소를 다시 확인해 주세요."
          : "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요."}
      </p>
      <a href="/">홈으로 돌아가기</a>
      {import.meta.env.DEV && error instanceof Error ? <pre>{error.stack}</pre> : null}
    </main>
  );
}
