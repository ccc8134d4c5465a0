import type { SitePack } from "./types";
import { daegu } from "./sites/daegu";
import { suwon } from "./sites/suwon";

/** Every content pack the build knows, by slug. `SITE` picks the one this server presents. */
export const sitePacks: Record<string, SitePack> = {
  [daegu.slug]: daegu,
  [suwon.slug]: suwon,
};

export const DEFAULT_SITE = daegu.slug;
