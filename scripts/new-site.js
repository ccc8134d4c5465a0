// `npm run site:new -- <slug>`: a new development's content pack, copied from
// scripts/site-template/ into app/content/sites/<slug>/ with a placeholder drawing for each of its
// pictures in public/images/<slug>/, and registered in app/content/index.ts. Every value a person
// must replace reads "TODO(사이트 담당자)"; the checklist printed at the end says where. The result
// passes the content tests as it is (tests/integration/site-scaffold.test.ts).
// Runs under tsx: it loads the new pack to learn which pictures to draw.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as prettier from "prettier";
import { DRAWING_FONT_FAMILY, packPictures } from "#app/content/pictures.ts";
import routes from "#app/routes.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const TEMPLATE = path.join(import.meta.dirname, "site-template");
/** How the template names its pack; each becomes the new slug and its camel-case export. */
const TEMPLATE_SLUG = "new-site";
const TEMPLATE_EXPORT = "newSite";
export const TODO_MARK = "TODO(사이트 담당자)";

const SLUG = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
// A slug becomes an identifier in app/content/index.ts; these cannot be one.
const JS_RESERVED = new Set(
  "await break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield".split(
    " ",
  ),
);

const camelCase = (slug) => slug.replace(/-([a-z0-9])/g, (_, letter) => letter.toUpperCase());

/** First URL segments the site already answers (app/routes.ts) or serves as files (public/): /{slug}/press must not collide. */
function takenSegments(root) {
  const segments = new Set(["assets"]);
  const visit = (entries) => {
    for (const entry of entries) {
      const first = entry.path?.split("/")[0];
      if (first && !first.startsWith(":") && first !== "*") segments.add(first.toLowerCase());
      visit(entry.children ?? []);
    }
  };
  visit(routes);
  const publicDir = path.join(root, "public");
  if (fs.existsSync(publicDir)) for (const name of fs.readdirSync(publicDir)) segments.add(name.toLowerCase());
  return segments;
}

/** Why `slug` cannot name a new pack, in one line; undefined when it can. */
export function checkSlug(slug, { root = ROOT } = {}) {
  if (!slug) return "usage: npm run site:new -- <slug>   (e.g. gwanggyo-lake)";
  if (!SLUG.test(slug) || slug.length > 40) {
    return `"${slug}" is not a valid slug: lower-case letters and digits, words joined by single hyphens, starting with a letter (e.g. gwanggyo-lake).`;
  }
  if (fs.existsSync(path.join(root, "app/content/sites", slug)) || fs.existsSync(path.join(root, "public/images", slug))) {
    return `"${slug}" already exists: app/content/sites/${slug}/ or public/images/${slug}/ is there.`;
  }
  if (takenSegments(root).has(slug)) return `"${slug}" is a path the site already serves (/${slug}/…); choose another slug.`;
  const name = camelCase(slug);
  const registry = fs.readFileSync(path.join(root, "app/content/index.ts"), "utf8");
  if (JS_RESERVED.has(name) || new RegExp(`\\b${name}\\b`).test(registry)) {
    return `"${slug}" would name its pack "${name}", which app/content/index.ts cannot take; choose another slug.`;
  }
  return undefined;
}

async function formatted(file, text) {
  const options = await prettier.resolveConfig(path.join(ROOT, "package.json"));
  return prettier.format(text, { ...options, filepath: file });
}

/** Adds the pack's import and entry after the last of each in the registry. */
async function register(root, slug, name) {
  const file = path.join(root, "app/content/index.ts");
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const lastImport = lines.findLastIndex((line) => /^import \{ \w+ \} from "\.\/sites\/[\w-]+";$/.test(line));
  const lastEntry = lines.findLastIndex((line) => /^ {2}\[\w+\.slug\]: \w+,$/.test(line));
  if (lastImport < 0 || lastEntry < 0) throw new Error("app/content/index.ts has no pack registry to add to.");
  lines.splice(lastEntry + 1, 0, `  [${name}.slug]: ${name},`);
  lines.splice(lastImport + 1, 0, `import { ${name} } from "./sites/${slug}";`);
  fs.writeFileSync(file, await formatted(file, lines.join("\n")));
}

/**
 * A drawing that says what belongs in its place, at the size the pack declares; the words sit in a
 * corner, clear of page text. Its root names fonts and draws text as the pack's detailed drawings must
 * (tests/pack-checks.ts).
 */
function placeholder(name, width, height) {
  const size = Math.min(width, height);
  const inset = size * 0.04;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${DRAWING_FONT_FAMILY}" text-rendering="geometricPrecision" role="img">
<title>${TODO_MARK}: ${name}</title>
<rect width="${width}" height="${height}" fill="#f4f3f0"/>
<rect x="${inset}" y="${inset}" width="${width - 2 * inset}" height="${height - 2 * inset}" fill="none" stroke="#b9a27d" stroke-width="${Math.max(1, size / 200)}" stroke-dasharray="${size / 40} ${size / 60}"/>
<text x="${width - 2 * inset}" y="${height - 2 * inset - size * 0.06}" font-size="${size * 0.045}" font-weight="700" fill="#6f5b3a" text-anchor="end">${TODO_MARK}</text>
<text x="${width - 2 * inset}" y="${height - 2 * inset}" font-size="${size * 0.04}" fill="#2b3440" text-anchor="end">${name} · ${width}×${height}</text>
</svg>
`;
}

/**
 * Writes the pack, its placeholder drawings and its registry lines under `root` (the repository,
 * or a copy in tests). Call checkSlug first.
 */
export async function scaffoldSite(slug, { root = ROOT, today = new Date() } = {}) {
  const name = camelCase(slug);
  const packDir = path.join(root, "app/content/sites", slug);
  const imagesDir = path.join(root, "public/images", slug);
  fs.mkdirSync(packDir, { recursive: true });
  for (const file of fs.readdirSync(TEMPLATE)) {
    const text = fs
      .readFileSync(path.join(TEMPLATE, file), "utf8")
      .replaceAll(TEMPLATE_SLUG, slug)
      .replaceAll(TEMPLATE_EXPORT, name)
      .replace(/version: "\d{4}-\d{2}-\d{2}"/, `version: "${today.toISOString().slice(0, 10)}"`)
      .replace(/copyrightYear: \d{4}/, `copyrightYear: ${today.getFullYear()}`);
    fs.writeFileSync(path.join(packDir, file), await formatted(path.join(packDir, file), text));
  }
  await register(root, slug, name);

  const { [name]: pack } = await import(pathToFileURL(path.join(packDir, "index.ts")).href);
  fs.mkdirSync(imagesDir, { recursive: true });
  const pictures = new Map(packPictures(pack).map(({ image }) => [image.src, image]));
  const drawings = [...pictures.values(), { src: pack.theme.favicon, width: 64, height: 64 }];
  for (const { src, width, height } of drawings) {
    const file = path.join(root, "public", src);
    fs.writeFileSync(file, placeholder(path.basename(src, ".svg"), width, height));
  }
  return { name, packDir, imagesDir, drawings: drawings.map(({ src }) => src) };
}

function checklist(slug, { packDir, drawings }) {
  const pack = path.relative(ROOT, packDir);
  return `Created ${pack}/ and ${drawings.length} placeholder drawings in public/images/${slug}/; registered in app/content/index.ts.

Before the site goes live, replace every ${TODO_MARK} (grep -rn "${TODO_MARK}" ${pack}):
  1. index.ts      names, companies, sales phone, model house, theme colours and font, SEO, family site
  2. menu.ts, pages.ts   menu words; each page's title, description (80-150 characters) and banner
  3. units.ts      unit types with their areas (one /FloorPlan/{key} page each), VR tours, interiors
  4. info-pages.ts, home.ts   the informational pages and the home page's sections
  5. leads.ts, privacy.ts     consent wording and retention, SMS texts, the privacy policy's company and officer
  6. public/images/${slug}/   draw each picture at the size the pack declares (or change the size there)
  7. SITE=${slug} npm run make:announcement   prints the notice PDF the announcement page links to

Then: npm run test:unit, and SITE=${slug} npm start to look at it.`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const slug = process.argv[2];
  const problem = checkSlug(slug);
  if (problem) {
    console.error(`site:new: ${problem}`);
    process.exit(1);
  }
  console.log(checklist(slug, await scaffoldSite(slug)));
}
