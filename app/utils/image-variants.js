// Shared by scripts/build-images.js (which writes the files) and the Picture component and page
// metadata (which name them), so they cannot disagree. Plain JS so Node runs it unbuilt.

/** Widths the build encodes; a source is never enlarged, so smaller ones stop at their own width. */
export const VARIANT_WIDTHS = [480, 960, 1440, 1920];

export const VARIANT_FORMATS = /** @type {const} */ (["avif", "webp"]);

/** Encoder settings for every variant, the pack's images and the office's uploads alike. */
export const VARIANT_ENCODING = /** @type {const} */ ({ avif: { quality: 55, effort: 4 }, webp: { quality: 78 } });

export const RASTER_SOURCE = /\.(png|jpe?g)$/i;

/** Where the variants of `/images/**` sources go (gitignored, rebuilt by `npm run build:images`). */
export const GENERATED_PREFIX = "/images/_generated/";

/**
 * The widths a source of `sourceWidth` pixels is encoded at.
 * @param {number} sourceWidth
 * @returns {number[]}
 */
export function variantWidths(sourceWidth) {
  const largest = Math.min(sourceWidth, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]);
  return [...VARIANT_WIDTHS.filter((width) => width < largest), largest];
}

/** Whether a public URL is a raster image the build makes variants of. */
export function hasVariants(/** @type {string} */ src) {
  return src.startsWith("/images/") && !src.startsWith(GENERATED_PREFIX) && RASTER_SOURCE.test(src);
}

/**
 * URL of one variant: "/images/daegu/photo.jpg" at 960 in AVIF is "/images/_generated/daegu/photo-960.avif".
 * @param {string} src
 * @param {number} width
 * @param {"avif" | "webp"} format
 */
export function variantUrl(src, width, format) {
  const withoutExtension = src.slice("/images/".length).replace(RASTER_SOURCE, "");
  return `${GENERATED_PREFIX}${withoutExtension}-${width}.${format}`;
}

/** The link preview size every page's og:image has: KakaoTalk, Naver and Facebook draw no SVG. */
export const SHARE_IMAGE = /** @type {const} */ ({ width: 1200, height: 630, type: "image/png" });

/**
 * URL of the link preview the build composes from a pack picture (scripts/lib/share-image.js):
 * "/images/daegu/floorplan-84a.svg" is "/images/_generated/daegu/floorplan-84a-og.png".
 * @param {string} src
 */
export function shareImageUrl(src) {
  const withoutExtension = src.slice("/images/".length).replace(/\.(svg|png|jpe?g|webp|avif)$/i, "");
  return `${GENERATED_PREFIX}${withoutExtension}-og.png`;
}
