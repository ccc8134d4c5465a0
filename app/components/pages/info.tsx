import type { MetaDescriptor } from "react-router";
import { preloadImage } from "#app/components/picture.tsx";
import type { ImageAsset, InfoSection } from "#app/content/types.ts";
import { hasVariants } from "#app/utils/image-variants.js";

/**
 * The opening of an informational page's body: a small English label, the section's <h2> (the
 * banner above holds the page's only <h1>) and its paragraphs.
 */
export function SectionHeading({ section, id }: { section: InfoSection; id?: string }) {
  return (
    <header className="info-heading">
      <p className="info-heading__eyebrow">{section.eyebrow}</p>
      <h2 id={id} className="info-heading__title">
        {section.title}
      </h2>
      {section.intro.map((paragraph) => (
        <p key={paragraph} className="info-heading__intro">
          {paragraph}
        </p>
      ))}
    </header>
  );
}

/** Disclaimers printed under a picture or a table. */
export function Notes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null;
  return (
    <ul className="info-notes">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

/**
 * `links` cannot see loader data, so the preload of a page's largest picture rides on `meta`
 * (React Router renders `tagName: "link"` descriptors in the head as well). A plain `<img>` that
 * loads eagerly (a drawing, an SVG) needs none: React writes its preload into the head itself, and
 * a second one is bytes of the document for nothing. Photos sit in a `<picture>`, which it leaves alone.
 */
export function preloadMeta(image: ImageAsset): MetaDescriptor[] {
  if (!hasVariants(image.src)) return [];
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(preloadImage(image))) {
    if (typeof value === "string") attributes[name] = value;
  }
  return [{ tagName: "link", ...attributes }];
}

/** Detailed drawings (floor plans, site plans) are hard to read on a phone: open them full size. */
export function ZoomLink({ image, label }: { image: ImageAsset; label: string }) {
  return (
    <a className="zoom-link" href={image.src} target="_blank" rel="noopener">
      {label}
      <span className="visually-hidden"> (새 창)</span>
    </a>
  );
}
