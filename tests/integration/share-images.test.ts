import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createStaticHandler, type MetaDescriptor, type RouteObject } from "react-router";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { sitePacks } from "#app/content/index.ts";
import { sharePictures } from "#app/content/pictures.ts";
import { publicPaths } from "#app/content/public-paths.ts";
import routeConfig from "#app/routes.ts";
import { SHARE_IMAGE, shareImageUrl } from "#app/utils/image-variants.js";
import { withTestDatabase } from "#tests/db.ts";
import { routeContext } from "#tests/route-context.ts";
import { composeShareImage, configureSvgFonts } from "../../scripts/lib/share-image.js";

withTestDatabase();

const SITE_URL = "https://www.example.co.kr";
const APP = path.resolve(import.meta.dirname, "../../app");
const PUBLIC = path.resolve(import.meta.dirname, "../../public");

interface RouteModule {
  loader?: RouteObject["loader"];
  middleware?: RouteObject["middleware"];
  meta?: (args: unknown) => MetaDescriptor[];
}

/** The app's real route tree (app/routes.ts under root.tsx), with each module kept by route id for its meta. */
const modules = new Map<string, RouteModule>();

async function routeObject(id: string, file: string, entry: Pick<RouteConfigEntry, "path" | "index" | "children">): Promise<RouteObject> {
  const module: RouteModule = await import(path.join(APP, file));
  modules.set(id, module);
  const shared = { id, loader: module.loader, middleware: module.middleware };
  if (entry.index) return { ...shared, index: true, path: entry.path };
  const children = await Promise.all(
    (entry.children ?? []).map((child) => routeObject(child.id ?? child.file.replace(/\.tsx?$/, ""), child.file, child)),
  );
  return { ...shared, path: entry.path, children };
}

const routes = [await routeObject("root", "root.tsx", { path: "", children: routeConfig })];

/** The tags React Router's <Meta> would print for a document request: the deepest route's meta. */
async function pageMeta(pathname: string) {
  const handler = createStaticHandler(routes);
  const url = new URL(pathname, SITE_URL);
  // The site is the request's host's, as server/create-app.ts sets it.
  const context = await handler.query(new Request(url), { requestContext: routeContext(url) });
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} ${context.headers.get("Location")}`);
  expect(context.statusCode, pathname).toBe(200);
  const matches = context.matches.map((match) => ({
    id: match.route.id,
    pathname: match.pathname,
    params: match.params,
    data: context.loaderData[match.route.id],
    loaderData: context.loaderData[match.route.id],
    handle: match.route.handle,
  }));
  const leaf = matches.findLast((match) => modules.get(match.id)?.meta);
  if (!leaf) throw new Error(`No meta for ${pathname}`);
  return modules.get(leaf.id)!.meta!({ ...leaf, location: { pathname }, matches, error: undefined });
}

function property(tags: MetaDescriptor[], name: string) {
  for (const tag of tags) if ("property" in tag && tag.property === name && "content" in tag) return String(tag.content);
  return undefined;
}

afterAll(() => setEnv(parseEnv({})));

describe.each(Object.values(sitePacks).map((site) => [site.slug, site] as const))("link previews of the %s pack", (slug, site) => {
  const previews = new Map(sharePictures(site).map((picture) => [shareImageUrl(picture.src), picture]));

  test("every public page shares a 1200×630 PNG that the build composes from one of the pack's pictures", async () => {
    setEnv(parseEnv({ SITE: slug, SITE_URL }));
    for (const pathname of publicPaths(site)) {
      const tags = await pageMeta(pathname);
      const image = new URL(property(tags, "og:image") ?? "", SITE_URL);
      expect(image.pathname, pathname).toMatch(/\.(png|jpe?g)$/);
      expect(property(tags, "og:image:type"), pathname).toMatch(/^image\/(png|jpeg)$/);
      expect(property(tags, "og:image:width"), pathname).toBe("1200");
      expect(property(tags, "og:image:height"), pathname).toBe("630");
      // The build's input: one of the pack's pictures, whose file exists.
      const picture = previews.get(image.pathname);
      expect(picture, `${pathname}: ${image.pathname} is not composed by the build`).toBeDefined();
      expect(fs.existsSync(path.join(PUBLIC, picture!.src)), picture!.src).toBe(true);
      // After a build (npm run build:images), the file itself.
      const built = path.join(PUBLIC, image.pathname);
      if (fs.existsSync(built)) {
        const { width, height, format } = await sharp(built).metadata();
        expect({ width, height, format }, built).toEqual({ width: 1200, height: 630, format: "png" });
      }
    }
  });

  test("a preview composes to a 1200×630 PNG", async () => {
    configureSvgFonts();
    const [picture] = site.units.map((unit) => unit.floorPlan);
    const pipeline = await composeShareImage(sharp, {
      pictureFile: path.join(PUBLIC, picture!.src),
      logoFile: path.join(PUBLIC, site.brand.logoOnDark.src),
      colors: site.theme.colors,
    });
    const { info } = await pipeline.toBuffer({ resolveWithObject: true });
    expect({ width: info.width, height: info.height, format: info.format }).toEqual({
      width: SHARE_IMAGE.width,
      height: SHARE_IMAGE.height,
      format: "png",
    });
  });
});
