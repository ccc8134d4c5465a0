// Link previews (og:image) composed from a pack's own pictures, for scripts/build-images.js and
// its test. KakaoTalk, Naver and Facebook draw no SVG, so each page's picture becomes a
// 1200×630 PNG in the pack's colours with its logo. Nothing here sets text: the only glyphs are
// those the drawings and the logo carry, drawn with the Pretendard files in node_modules
// (configureSvgFonts), so the result does not depend on the fonts a machine has.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SHARE_IMAGE } from "../../app/utils/image-variants.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const { width: WIDTH, height: HEIGHT } = SHARE_IMAGE;

/**
 * Points librsvg's fontconfig at the Pretendard files in node_modules (the font the drawings
 * name). Must run before sharp draws its first SVG text; returns the config file.
 */
export function configureSvgFonts() {
  const file = path.join(os.tmpdir(), "sincheon-build-images-fonts.conf");
  const fonts = path.join(ROOT, "node_modules/pretendard/dist/public/static");
  const config = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${fonts}</dir>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <cachedir>${path.join(os.tmpdir(), "sincheon-fontconfig-cache")}</cachedir>
</fontconfig>
`;
  if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== config) fs.writeFileSync(file, config);
  process.env.FONTCONFIG_FILE = file;
  return file;
}

/** What a preview is made of; a change to any of it (or to this file) makes the build redraw it. */
export function shareImageInputs({ pictureFile, logoFile, colors }) {
  return [fs.readFileSync(import.meta.filename), fs.readFileSync(pictureFile), fs.readFileSync(logoFile), JSON.stringify(colors)];
}

/**
 * The preview as a sharp pipeline (PNG). A picture already shaped 1200×630 (a pack's share
 * drawing) is used as it is; any other sits whole, never cropped, on a surface-coloured card
 * beside the logo: plans, maps and notices carry labels that a crop would cut.
 * @param {typeof import("sharp").default} sharp
 * @param {{ pictureFile: string, logoFile: string, colors: import("../../app/content/types.ts").SiteTheme["colors"] }} inputs
 */
export async function composeShareImage(sharp, { pictureFile, logoFile, colors }) {
  const { width, height } = await sharp(pictureFile).metadata();
  const aspect = width / height;
  if (Math.abs(aspect - WIDTH / HEIGHT) < 0.02) {
    return (await rasterize(sharp, pictureFile, { width: WIDTH, height: HEIGHT, fit: "cover" })).png({ compressionLevel: 6 });
  }
  const layers = await onCard(sharp, pictureFile, logoFile, colors, aspect);
  return sharp(Buffer.from(backdrop(colors)))
    .composite(layers)
    .png({ compressionLevel: 6 });
}

async function onCard(sharp, pictureFile, logoFile, colors, aspect) {
  const card = { left: 404, top: 44, width: 752, height: 534 };
  const padding = 22;
  const box = { width: card.width - 2 * padding, height: card.height - 2 * padding };
  const fitted =
    aspect >= box.width / box.height
      ? { width: box.width, height: Math.round(box.width / aspect) }
      : { width: Math.round(box.height * aspect), height: box.height };
  const picture = await (await rasterize(sharp, pictureFile, { ...fitted, fit: "fill" })).toBuffer();
  const frame = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <rect x="${card.left}" y="${card.top}" width="${card.width}" height="${card.height}" rx="6" fill="${colors.surface}"/>
  <rect x="${card.left + 10}" y="${card.top + 10}" width="${card.width - 20}" height="${card.height - 20}" rx="3" fill="none" stroke="${colors.line}" stroke-width="1.5"/>
  ${accentRule(colors, 64, 330)}
  ${baseLine(colors)}
</svg>`;
  const logo = await (await rasterize(sharp, logoFile, { width: 288 })).toBuffer();
  const logoHeight = (await sharp(logo).metadata()).height;
  return [
    { input: Buffer.from(frame), left: 0, top: 0 },
    { input: logo, left: 56, top: Math.round(300 - logoHeight) },
    {
      input: picture,
      left: card.left + Math.round((card.width - fitted.width) / 2),
      top: card.top + Math.round((card.height - fitted.height) / 2),
    },
  ];
}

/** The pack's dark brand colour with a soft glow of its accent, as on the site's banners. */
function backdrop(colors) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <linearGradient id="base" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colors.brandDeep}"/><stop offset="1" stop-color="${colors.brandSoft}"/>
    </linearGradient>
    <radialGradient id="glow" cx=".08" cy=".1" r=".7">
      <stop offset="0" stop-color="${colors.accent}" stop-opacity=".26"/><stop offset="1" stop-color="${colors.accent}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#base)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>
</svg>`;
}

const accentRule = (colors, x, y) => `<rect x="${x}" y="${y}" width="56" height="3" fill="${colors.accent}"/>`;
const baseLine = (colors) => `<rect x="0" y="${HEIGHT - 6}" width="${WIDTH}" height="6" fill="${colors.accent}"/>`;

/**
 * A picture resized for the preview. SVGs are drawn at the density that gives the target size
 * directly, so a small drawing enlarged stays sharp.
 */
async function rasterize(sharp, file, { width, height, fit = "inside" }) {
  const metadata = await sharp(file).metadata();
  const scale = Math.max(width / metadata.width, height ? height / metadata.height : 0);
  const density = metadata.format === "svg" ? Math.min(72 * Math.max(scale, 1), 2400) : undefined;
  return sharp(file, density ? { density } : {}).resize({ width, height, fit });
}
