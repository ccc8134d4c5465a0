import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  type RouteObject,
} from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { sitePacks } from "#app/content/index.ts";
import { daegu } from "#app/content/sites/daegu/index.ts";
import * as home from "#app/routes/site/home.tsx";
import * as layout from "#app/routes/site/layout.tsx";
import * as notFound from "#app/routes/site/not-found.tsx";
import * as pageHeading from "#app/routes/site/page-heading.tsx";
import { routeContext } from "#tests/route-context.ts";
import { NonceProvider } from "#app/utils/nonce.tsx";
import { fixturePack } from "#tests/fixtures/fixture-pack.ts";
import { withTestDatabase } from "#tests/db.ts";

withTestDatabase();

// Route modules type their props from generated route types; React Router hands the same props.
const mount = (component: unknown) => withComponentProps(component as Parameters<typeof withComponentProps>[0]);
const mountBoundary = (component: unknown) => withErrorBoundaryProps(component as Parameters<typeof withErrorBoundaryProps>[0]);

// The real layout, page heading and home modules, mounted the way the server mounts them.
const routes: RouteObject[] = [
  {
    id: "routes/site/layout",
    path: "/",
    loader: layout.loader,
    Component: mount(layout.default),
    ErrorBoundary: mountBoundary(layout.ErrorBoundary),
    children: [
      { id: "routes/site/home", index: true, loader: home.loader, Component: mount(home.default) },
      {
        id: "routes/site/page-heading",
        loader: pageHeading.loader,
        Component: mount(pageHeading.default),
        children: [{ id: "overview", path: "About/overview", Component: () => <p>단지개요 본문</p> }],
      },
      { id: "routes/site/not-found", path: "*", loader: notFound.loader, Component: notFound.default },
    ],
  },
];

async function render(path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost:3000${path}`), {
    requestContext: routeContext("http://localhost:3000"),
  });
  if (context instanceof Response) throw new Error(`Unexpected response for ${path}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <NonceProvider value="test-nonce">
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </NonceProvider>,
  );
  return { html, status: context.statusCode };
}

beforeAll(() => {
  sitePacks[fixturePack.slug] = fixturePack;
  setEnv(parseEnv({ SITE: fixturePack.slug }));
});

afterAll(() => {
  delete sitePacks[fixturePack.slug];
  setEnv(parseEnv({}));
});

describe("a second development as a content pack alone", () => {
  test("the frame shows its brand, phone, menu and footer, and nothing of daegu", async () => {
    const { html, status } = await render("/");
    expect(status).toBe(200);
    expect(html).toContain(fixturePack.brand.projectName);
    expect(html).toContain(fixturePack.phone);
    expect(html).toContain('href="tel:15887777"');
    for (const group of fixturePack.menu) {
      expect(html).toContain(`>${group.title}</a>`);
      for (const item of group.subMenu) expect(html).toContain(`href="${item.subUrl}"`);
    }
    expect(html).toContain(fixturePack.builder);
    expect(html).toContain(fixturePack.familySite.url);
    expect(html).toContain(`© ${fixturePack.copyrightYear}`);
    expectNoDaeguIdentity(html);
  });

  test("an inner page gets its banner and the sub-menu of its group with the current link marked", async () => {
    const { html } = await render("/About/overview");
    expect(html).toMatch(/<h1[^>]*>단지개요<\/h1>/);
    expect(html).toContain("호수 앞 412세대");
    expect(html).toContain('aria-label="단지소개 메뉴"');
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/About\/overview"|<a[^>]*href="\/About\/overview"[^>]*aria-current="page"/);
    expect(html).toContain("단지개요 본문");
    expectNoDaeguIdentity(html);
  });

  test("an unknown path is a 404 inside the development's own frame", async () => {
    const { html, status } = await render("/no/such/page");
    expect(status).toBe(404);
    expect(html).toContain("페이지를 찾을 수 없습니다");
    expect(html).toContain(fixturePack.brand.projectName);
    expectNoDaeguIdentity(html);
  });
});

function expectNoDaeguIdentity(html: string) {
  for (const text of [daegu.brand.name, daegu.brand.projectName, daegu.phone, daegu.builder]) {
    expect(html.includes(text), `daegu's "${text}" is on the page`).toBe(false);
  }
  const topMenu = html.match(/<nav class="gnb"[\s\S]*?<\/nav>/)?.[0] ?? "";
  for (const group of daegu.menu) expect(topMenu, "the top menu").not.toContain(`>${group.title}<`);
}
