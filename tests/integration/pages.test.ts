import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
  UNSAFE_withComponentProps as withComponentProps,
  type RouteObject,
} from "react-router";
import { describe, expect, test } from "vitest";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { daegu as site } from "#app/content/sites/daegu/index.ts";
import * as brandIntro from "#app/routes/site/brand-intro.tsx";
import * as brandVideo from "#app/routes/site/brand-video.tsx";
import * as businessDocuments from "#app/routes/site/business-documents.tsx";
import * as businessIntro from "#app/routes/site/business-intro.tsx";
import * as businessPlan from "#app/routes/site/business-plan.tsx";
import * as complexCommunity from "#app/routes/site/complex-community.tsx";
import * as complexDetail from "#app/routes/site/complex-detail.tsx";
import * as complexIntro from "#app/routes/site/complex-intro.tsx";
import * as floorPlanEmodel from "#app/routes/site/floor-plan-emodel.tsx";
import * as floorPlanVideos from "#app/routes/site/floor-plan-videos.tsx";
import * as floorPlan from "#app/routes/site/floor-plan.tsx";
import * as interior from "#app/routes/site/interior.tsx";
import * as locationIntro from "#app/routes/site/location-intro.tsx";
import * as locationPremium from "#app/routes/site/location-premium.tsx";
import * as salesAnnouncement from "#app/routes/site/sales-announcement.tsx";
import * as salesStampTax from "#app/routes/site/sales-stamp-tax.tsx";
import * as subscriptionAlias from "#app/routes/site/sales-subscription-alias.ts";
import * as salesSubscription from "#app/routes/site/sales-subscription.tsx";
import { routeContext } from "#tests/route-context.ts";
import { withTestDatabase } from "#tests/db.ts";

setEnv(parseEnv({}));
withTestDatabase();

interface PageModule {
  loader: (args: never) => Promise<unknown>;
  default: unknown;
}

const pages = site.infoPages;

// Each informational URL, the module that answers it (by its pattern in app/routes.ts), and
// words from the pack its server HTML must carry.
const ROUTES: { path: string; pattern: string; module: PageModule; texts: string[] }[] = [
  { path: "/Brand/intro", pattern: "Brand/intro", module: brandIntro, texts: [pages.brand.title, ...pages.brand.intro] },
  { path: "/Brand/video", pattern: "Brand/video", module: brandVideo, texts: [pages.brandVideo.title] },
  {
    path: "/BusinessGuide/intro",
    pattern: "BusinessGuide/intro",
    module: businessIntro,
    texts: pages.business.facts.flatMap((fact) => [fact.label, fact.value]),
  },
  {
    path: "/BusinessGuide/plan",
    pattern: "BusinessGuide/plan",
    module: businessPlan,
    texts: [pages.comingSoon.label, pages.comingSoon.schedule.title],
  },
  {
    path: "/BusinessGuide/documents",
    pattern: "BusinessGuide/documents",
    module: businessDocuments,
    texts: [pages.comingSoon.label, pages.comingSoon.documents.title],
  },
  {
    path: "/SalesInfo/announcement",
    pattern: "SalesInfo/announcement",
    module: salesAnnouncement,
    texts: [pages.announcement.title, pages.announcement.pdf.label, ...pages.announcement.notes],
  },
  {
    path: "/SalesInfo/SubscriptionGuide",
    pattern: "SalesInfo/SubscriptionGuide",
    module: salesSubscription,
    texts: pages.subscription.steps.flatMap((step) => [step.title, step.text]),
  },
  {
    path: "/SalesInfo/stampTax",
    pattern: "SalesInfo/stampTax",
    module: salesStampTax,
    texts: [pages.officetel.title, ...pages.officetel.stampTax.rows.map((row) => row.value)],
  },
  {
    path: "/LocationEnvironment/intro",
    pattern: "LocationEnvironment/intro",
    module: locationIntro,
    texts: pages.location.highlights.flatMap((highlight) => [highlight.title, highlight.text]),
  },
  {
    path: "/LocationEnvironment/primium",
    pattern: "LocationEnvironment/primium",
    module: locationPremium,
    texts: [pages.premium.title, ...pages.premium.points.map((point) => point.title)],
  },
  {
    path: "/ComplexGuide/intro",
    pattern: "ComplexGuide/intro",
    module: complexIntro,
    texts: [pages.complexLayout.title, ...pages.complexLayout.notes],
  },
  {
    path: "/ComplexGuide/detailintro",
    pattern: "ComplexGuide/detailintro",
    module: complexDetail,
    texts: [pages.unitPlacement.title, ...pages.unitPlacement.notes],
  },
  {
    path: "/ComplexGuide/community",
    pattern: "ComplexGuide/community",
    module: complexCommunity,
    texts: pages.community.facilities.flatMap((facility) => [facility.title, facility.text]),
  },
  ...site.units.map((unit) => ({
    path: `/FloorPlan/${unit.key}`,
    pattern: "FloorPlan/:type",
    module: floorPlan,
    texts: [unit.area.exclusiveM2, unit.area.supplyM2, unit.area.exclusivePyeong, unit.area.unitCount, ...pages.floorPlan.notes],
  })),
  {
    path: "/FloorPlan/videos",
    pattern: "FloorPlan/videos",
    module: floorPlanVideos,
    texts: pages.videos.tabs.map((tab) => tab.title),
  },
  {
    path: "/FloorPlan/Emodel",
    pattern: "FloorPlan/Emodel",
    module: floorPlanEmodel,
    texts: [pages.emodel.hint, ...site.vrTabs.map((tab) => tab.key)],
  },
  ...pages.interior.sets.map((set) => ({
    path: `/Interior/${set.key}`,
    pattern: "Interior/:type",
    module: interior,
    texts: [set.label, ...pages.interior.notes, ...set.images.map((image) => image.alt)],
  })),
];

const mount = (component: unknown) => withComponentProps(component as Parameters<typeof withComponentProps>[0]);

const routes: RouteObject[] = [
  {
    path: "/",
    Component: Outlet,
    ErrorBoundary: () => createElement("p", null, "Not Found"),
    children: [
      ...[...new Map(ROUTES.map((route) => [route.pattern, route.module]))].map(([pattern, module]) => ({
        path: pattern,
        loader: module.loader as RouteObject["loader"],
        Component: mount(module.default),
      })),
      { path: "SalesInfo/guide", loader: subscriptionAlias.loader as RouteObject["loader"] },
    ],
  },
];

/** A document request through the page modules, as the server answers it (without the frame). */
async function render(path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, "http://localhost:3000")), {
    requestContext: routeContext("http://localhost:3000"),
  });
  if (context instanceof Response) {
    return { status: context.status, location: context.headers.get("Location"), html: "" };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  return { status: context.statusCode, location: null, html };
}

const decode = (html: string) =>
  html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("<!-- -->", "");

describe("informational pages", () => {
  test.each(ROUTES.map((route) => [route.path, route] as const))(
    "%s answers 200 with its content in the server HTML",
    async (_path, route) => {
      const { status, html } = await render(route.path);
      expect(status).toBe(200);
      const text = decode(html);
      for (const expected of route.texts) expect(text).toContain(expected);
      expect(html).not.toMatch(/<h1[\s>]/);
    },
  );

  test("every page has its own title and description in the pack", () => {
    for (const route of ROUTES) {
      expect(site.pages[route.path]?.title, route.path).toBeTruthy();
      expect(site.pages[route.path]?.description, route.path).toBeTruthy();
    }
  });

  test("an unknown floor-plan type or interior is a 404", async () => {
    expect((await render("/FloorPlan/99Z")).status).toBe(404);
    expect((await render("/Interior/114A")).status).toBe(404);
  });

  test("pictures carry alt text and their size, and only the first is fetched eagerly", async () => {
    const { html } = await render("/FloorPlan/84A");
    const images = html.match(/<img [^>]*>/g) ?? [];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/alt="[^"]+".*width="\d+".*height="\d+"/);
    expect(images[0]).toContain('fetchPriority="high"');
  });

  test("the project facts are a table with a header cell per row", async () => {
    const { html } = await render("/BusinessGuide/intro");
    const facts = html.slice(0, html.indexOf("facts-table--disclosures"));
    expect(facts.match(/<th scope="row">/g)).toHaveLength(pages.business.facts.length);
  });
});

describe("other spellings of a page's URL", () => {
  test.each([
    ["/SalesInfo/guide", "/SalesInfo/SubscriptionGuide"],
    ["/SalesInfo/StampTax", "/SalesInfo/stampTax"],
    ["/FloorPlan/84oa", "/FloorPlan/84OA"],
    ["/brand/INTRO", "/Brand/intro"],
    ["/Interior/84b", "/Interior/84B"],
  ])("%s is moved permanently to %s", async (from, to) => {
    const { status, location } = await render(from);
    expect(status).toBe(301);
    expect(location).toBe(to);
  });

  test("the redirect keeps the query string (campaign tags on printed links)", async () => {
    expect((await render("/SalesInfo/guide?utm_source=flyer")).location).toBe("/SalesInfo/SubscriptionGuide?utm_source=flyer");
    expect((await render("/SalesInfo/StampTax?utm_source=flyer")).location).toBe("/SalesInfo/stampTax?utm_source=flyer");
  });
});

describe("tabs", () => {
  test("the videos page renders only the chosen tab's player, the first by default", async () => {
    const first = await render("/FloorPlan/videos");
    expect(first.html.match(/<iframe/g)).toHaveLength(1);
    expect(first.html).toContain(`/embed/${pages.videos.tabs[0]!.videoId}?autoplay=1&amp;mute=1`);
    const second = await render("/FloorPlan/videos?tab=2");
    expect(second.html.match(/<iframe/g)).toHaveLength(1);
    expect(second.html).toContain(`/embed/${pages.videos.tabs[1]!.videoId}?`);
    expect(second.html).toMatch(/<a[^>]*aria-selected="true"[^>]*>59타입 소개</);
  });

  test("the VR page embeds only the open tour, 84A by default, and ignores an unknown tab", async () => {
    const [tour84A, tour84B] = site.vrTabs;
    const first = await render("/FloorPlan/Emodel?tab=nonsense");
    expect(first.html.match(/<iframe/g)).toHaveLength(1);
    expect(first.html).toContain(`src="${tour84A!.url}"`);
    const second = await render("/FloorPlan/Emodel?tab=84B");
    expect(second.html).toContain(`src="${tour84B!.url}"`);
    expect(second.html).not.toContain(`src="${tour84A!.url}"`);
  });
});
