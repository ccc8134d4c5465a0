import { and, eq, sql } from "drizzle-orm";
import type { SitePack } from "#app/content/types.ts";
import type { SiteSettingValues } from "#app/forms/site-settings.ts";
import { parseCoordinates, type Place } from "#app/utils/maps.ts";
import { db } from "../db.ts";
import { uploads } from "../schema.ts";
import { uploadedImages, type UploadedImage } from "./uploads.ts";

/**
 * The way to the model house and the site (오시는 길), from the pack with the office's settings:
 * addresses, coordinates, parking and transit, and the map the office chose (a Kakao map key, or an
 * image it uploaded, or neither). The booking page, its calendar entry and text, and the location
 * page read it.
 */
export interface WayThere {
  modelHouse: Place;
  site: Place;
  parking: string | null;
  transit: string | null;
  /** The Kakao Maps JavaScript key: only then does a page load the map script (and its CSP allow it). */
  mapKey: string | null;
  staticMap: string | null;
}

/** `pack` is the effective pack (the settings' addresses already applied: site-settings.ts `effectivePack`). */
export function wayThereOf(pack: SitePack, settings: SiteSettingValues): WayThere {
  return {
    modelHouse: {
      name: `${pack.brand.name} 견본주택`,
      address: pack.modelHouse.address,
      coordinates: parseCoordinates(settings.modelHouseCoordinates),
    },
    site: { name: `${pack.brand.name} 현장`, address: pack.company.address, coordinates: parseCoordinates(settings.siteCoordinates) },
    parking: settings.parkingInfo ?? null,
    transit: settings.transitInfo ?? null,
    mapKey: settings.kakaoMapKey ?? null,
    staticMap: settings.staticMapImage ?? null,
  };
}

/**
 * The office's uploaded map image, with its variants, from the address it pasted (an original's or
 * a variant's, as a browser copies it from the popups page); null when it is not this site's image.
 */
export async function staticMapImage(site: string, address: string | null): Promise<UploadedImage | null> {
  const id = address ? Number(/^\/uploads\/(\d{1,9})-/.exec(address)?.[1]) : NaN;
  if (!Number.isInteger(id)) return null;
  const [row] = await db()
    .select({ original: sql<number>`coalesce(${uploads.parentId}, ${uploads.id})` })
    .from(uploads)
    .where(and(eq(uploads.site, site), eq(uploads.id, id)));
  if (!row) return null;
  return (await uploadedImages(site, [Number(row.original)])).get(Number(row.original)) ?? null;
}
