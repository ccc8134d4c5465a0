import type { ImageAsset, SitePack } from "./types";

/**
 * The fonts a pack's drawing names on its root. An SVG in an `<img>` cannot use the page's web
 * fonts, so its labels are drawn in the visitor's own: one of these Korean system fonts of each
 * platform (with a list that names none the machine has, Chromium falls back, measurably slower:
 * decision 052).
 */
export const DRAWING_FONT_FAMILY = "Pretendard, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Noto Sans CJK KR', 'Malgun Gothic', sans-serif";

/**
 * The pack's detailed drawings, each the largest picture of its page's first screen: the floor
 * plans, the complex layout and the unit placement. Chromium lays out and paints such an SVG on
 * the page's main thread before any script (decision 052), so their text is drawn with
 * `text-rendering="geometricPrecision"`: laid out once at its own size, not again at each scale it
 * is shown at.
 */
export function detailedDrawings(site: SitePack): ImageAsset[] {
  return [site.infoPages.complexLayout.image, site.infoPages.unitPlacement.image, ...site.units.map((unit) => unit.floorPlan)];
}

/** Every picture a pack names, with where it sits in the pack (for test messages); repeats included. */
export function packPictures(value: unknown, at = "pack"): { at: string; image: ImageAsset }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => packPictures(item, `${at}[${index}]`));
  if (typeof value !== "object" || value === null) return [];
  if ("src" in value && typeof value.src === "string" && /\.(svg|png|jpe?g|webp|avif)$/i.test(value.src)) {
    return [{ at, image: value as ImageAsset }];
  }
  return Object.entries(value).flatMap(([key, child]) => packPictures(child, `${at}.${key}`));
}

/**
 * The pictures the pack's pages share in link previews, each once: what the routes' `meta` pass to
 * seo() (a page's own plan, map or drawing), the pack's default for every other page, and the
 * inquiry page's picture, which its structured data names. The build composes a 1200×630 PNG of
 * each (scripts/build-images.js); tests/integration/share-images.test.ts checks every page's
 * og:image is one of them.
 */
export function sharePictures(site: SitePack): ImageAsset[] {
  const { infoPages } = site;
  const pictures = [
    site.seo.shareImage,
    site.leads.inquiryPage.image,
    infoPages.brand.image,
    ...infoPages.location.maps.slice(0, 1).map((map) => map.image),
    infoPages.premium.image,
    infoPages.complexLayout.image,
    infoPages.unitPlacement.image,
    infoPages.community.image,
    ...site.units.map((unit) => unit.floorPlan),
    ...infoPages.interior.sets.flatMap((set) => set.images.slice(0, 1)),
  ];
  return [...new Map(pictures.map((picture) => [picture.src, picture])).values()];
}
