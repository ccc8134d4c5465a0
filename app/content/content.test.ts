import path from "node:path";
import { describe } from "vitest";
import { contentPackTests } from "#tests/pack-checks.ts";
import { sitePacks } from "./index";

const PUBLIC = path.resolve(import.meta.dirname, "../../public");

describe.each(Object.values(sitePacks).map((site) => [site.slug, site] as const))("the %s content pack", (_slug, site) => {
  contentPackTests(site, PUBLIC);
});
