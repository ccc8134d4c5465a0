import { Picture } from "#app/components/picture.tsx";
import type { IllustratedSection } from "#app/content/types.ts";
import { Notes, SectionHeading, ZoomLink } from "./info.tsx";

/**
 * The body of a page that is one large drawing (/ComplexGuide/intro, /ComplexGuide/detailintro):
 * heading, the drawing with a link to open it full size, and its disclaimers.
 * The drawing fades in once loaded (Picture), so it is not marked as a priority image.
 */
export function PlanPage({ section, titleId }: { section: IllustratedSection & { zoomLabel: string }; titleId: string }) {
  return (
    <section className="info-page" aria-labelledby={titleId}>
      <SectionHeading section={section} id={titleId} />
      <figure className="info-figure">
        <Picture image={section.image} sizes="(max-width: 900px) 100vw, 1280px" />
        <ZoomLink image={section.image} label={section.zoomLabel} />
      </figure>
      <Notes notes={section.notes} />
    </section>
  );
}
