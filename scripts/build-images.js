// `npm run build:images`, and the first step of every build (server.js): composes every pack's
// link previews (a 1200×630 PNG of each picture its pages share, scripts/lib/share-image.js) and encodes
// every raster under public/images/ into AVIF and WebP at the widths the Picture component asks
// for. Only missing or outdated files are written, so a second run costs a directory walk and a
// hash of each preview's inputs. Runs under tsx: the packs are TypeScript.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sitePacks } from "#app/content/index.ts";
import { sharePictures } from "#app/content/pictures.ts";
import {
  GENERATED_PREFIX,
  RASTER_SOURCE,
  VARIANT_ENCODING,
  VARIANT_FORMATS,
  shareImageUrl,
  variantUrl,
  variantWidths,
} from "../app/utils/image-variants.js";
import { composeShareImage, shareImageInputs, configureSvgFonts } from "./lib/share-image.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const PUBLIC = path.join(ROOT, "public");
const IMAGES = path.join(PUBLIC, "images");
const GENERATED = path.join(PUBLIC, ...GENERATED_PREFIX.split("/"));
/** Each preview's input hash, so a changed colour or logo redraws it though no file is newer. */
const SHARE_MANIFEST = path.join(GENERATED, "share-images.json");

configureSvgFonts();
const { default: sharp } = await import("sharp");

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

function copyAtomically(source, output) {
  fs.mkdirSync(path.dirname(output), { recursive: true });
  const temporary = `${output}.${process.pid}.tmp`;
  fs.copyFileSync(source, temporary);
  fs.renameSync(temporary, output);
}

/** Runs the tasks a few at a time: sharp works on other threads, so this overlaps their waits. */
async function inParallel(tasks) {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), 4) }, worker));
}

/**
 * Draws each pack's link previews whose inputs changed. A preview is named by its inputs' digest
 * (the manifest): a pack whose inputs did not change keeps its files whatever other packs did,
 * and equal inputs are drawn once — a preview already drawn under the same digest, for another
 * URL or on an earlier run, is copied (new packs start from the same placeholder drawings).
 */
async function renderShareImages() {
  const previous = fs.existsSync(SHARE_MANIFEST) ? JSON.parse(fs.readFileSync(SHARE_MANIFEST, "utf8")) : {};
  const manifest = {};
  /** digest → what it is drawn from, and every file that shows it */
  const wanted = new Map();
  for (const site of Object.values(sitePacks)) {
    const logoFile = path.join(PUBLIC, site.brand.logoOnDark.src);
    for (const picture of sharePictures(site)) {
      const url = shareImageUrl(picture.src);
      const inputs = { pictureFile: path.join(PUBLIC, picture.src), logoFile, colors: site.theme.colors };
      const hash = crypto.createHash("sha256");
      for (const part of shareImageInputs(inputs)) hash.update(part);
      const digest = hash.digest("hex");
      // Two packs drawing one picture in different colours would overwrite each other's preview.
      if (manifest[url] && manifest[url] !== digest) throw new Error(`${url} is composed twice with different inputs (pack ${site.slug})`);
      manifest[url] = digest;
      const output = path.join(PUBLIC, url);
      if (previous[url] === digest && fs.existsSync(output)) continue;
      if (!wanted.has(digest)) wanted.set(digest, { inputs, outputs: [] });
      wanted.get(digest).outputs.push(output);
    }
  }
  /** digest → a file that holds that drawing and keeps it in this run */
  const drawn = new Map();
  for (const [url, digest] of Object.entries(previous)) {
    if (manifest[url] === digest && fs.existsSync(path.join(PUBLIC, url))) drawn.set(digest, path.join(PUBLIC, url));
  }
  let composed = 0;
  await inParallel(
    [...wanted].map(([digest, { inputs, outputs }]) => async () => {
      let source = drawn.get(digest);
      if (!source) {
        source = outputs[0];
        await writeAtomically(source, await composeShareImage(sharp, inputs));
        composed += 1;
      }
      for (const output of outputs) {
        if (output !== source) copyAtomically(source, output);
        console.log(`  ${path.relative(ROOT, output)}`);
      }
    }),
  );
  const copied = [...wanted.values()].reduce((total, { outputs }) => total + outputs.length, 0) - composed;
  if (composed + copied > 0) console.log(`Link previews: composed ${composed}, copied ${copied} drawn from the same inputs.`);
  fs.mkdirSync(GENERATED, { recursive: true });
  fs.writeFileSync(SHARE_MANIFEST, `${JSON.stringify(manifest, null, 1)}\n`);
  return new Set([SHARE_MANIFEST, ...Object.keys(manifest).map((url) => path.join(PUBLIC, url))]);
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
        await writeAtomically(output, sharp(source).resize({ width: size })[format](VARIANT_ENCODING[format]));
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

const shareImages = await renderShareImages();
const sources = walk(IMAGES).filter((file) => RASTER_SOURCE.test(file));
const { expected, written } = await encodeVariants(sources);
removeOrphans(new Set([...expected, ...shareImages]));
if (written > 0) console.log(`Images: wrote ${written} AVIF/WebP variants of ${sources.length} sources.`);
