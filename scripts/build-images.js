// `npm run build:images`, and the first step of every build (server.js): renders each pack's
// share.svg to the share.png that Open Graph needs, and encodes every raster under
// public/images/ into AVIF and WebP at the widths the Picture component asks for.
// Only missing or outdated files are written, so a second run costs a directory walk.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { GENERATED_PREFIX, RASTER_SOURCE, VARIANT_FORMATS, variantUrl, variantWidths } from "../app/utils/image-variants.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const PUBLIC = path.join(ROOT, "public");
const IMAGES = path.join(PUBLIC, "images");
const GENERATED = path.join(PUBLIC, ...GENERATED_PREFIX.split("/"));
const ENCODE = { avif: { quality: 55, effort: 4 }, webp: { quality: 78 } };

// The illustrations name Pretendard; point librsvg's fontconfig at the copy in node_modules
// so share.png looks the same on every machine, whatever fonts the system has.
process.env.FONTCONFIG_FILE = writeFontConfig();
const { default: sharp } = await import("sharp");

function writeFontConfig() {
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
  return file;
}

function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === GENERATED ? [] : walk(full);
    return [full];
  });
}

const isFresh = (output, source) => fs.existsSync(output) && fs.statSync(output).mtimeMs >= fs.statSync(source).mtimeMs;

/** Writes beside the target and renames, so a server started at the same moment never reads half a file. */
async function writeAtomically(output, pipeline) {
  fs.mkdirSync(path.dirname(output), { recursive: true });
  const temporary = `${output}.${process.pid}.tmp`;
  await pipeline.toFile(temporary);
  fs.renameSync(temporary, output);
}

async function renderShareImages(files) {
  const rendered = [];
  for (const svg of files.filter((file) => path.basename(file) === "share.svg")) {
    const png = svg.replace(/\.svg$/, ".png");
    rendered.push(png);
    if (isFresh(png, svg)) continue;
    await writeAtomically(png, sharp(svg).png({ compressionLevel: 9 }));
    console.log(`  ${path.relative(ROOT, png)}`);
  }
  return rendered;
}

async function encodeVariants(sources) {
  const expected = new Set();
  let written = 0;
  for (const source of sources) {
    const { width } = await sharp(source).metadata();
    const src = `/${path.relative(PUBLIC, source).split(path.sep).join("/")}`;
    for (const size of variantWidths(width)) {
      for (const format of VARIANT_FORMATS) {
        const output = path.join(PUBLIC, variantUrl(src, size, format));
        expected.add(output);
        if (isFresh(output, source)) continue;
        await writeAtomically(output, sharp(source).resize({ width: size })[format](ENCODE[format]));
        written += 1;
      }
    }
  }
  return { expected, written };
}

function removeOrphans(expected) {
  for (const file of walk(GENERATED)) {
    if (!expected.has(file) && !file.endsWith(".tmp")) fs.rmSync(file);
  }
  const removeEmpty = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) removeEmpty(path.join(dir, entry.name));
    }
    if (dir !== GENERATED && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  };
  if (fs.existsSync(GENERATED)) removeEmpty(GENERATED);
}

const files = walk(IMAGES);
const shareImages = await renderShareImages(files);
// share.png is a render of share.svg for social networks, never shown through <picture>.
const sources = files.filter((file) => RASTER_SOURCE.test(file) && !shareImages.includes(file));
const { expected, written } = await encodeVariants(sources);
removeOrphans(expected);
if (written > 0) console.log(`Images: wrote ${written} AVIF/WebP variants of ${sources.length} sources.`);
