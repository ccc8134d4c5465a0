import type { ImageAsset, SitePack } from "./types";

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
 * The pictures a page of the pack may share in link previews, each once: any of them can be a
 * page's `og:image`, so the build composes a preview of every one (scripts/build-images.js).
 */
export function sharePictures(site: SitePack): ImageAsset[] {
  const bySrc = new Map(packPictures(site).map(({ image }) => [image.src, image]));
  return [...bySrc.values()];
}
