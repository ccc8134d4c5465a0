import type { InfoSection } from "#app/content/types.ts";
import { SectionHeading } from "./info.tsx";

/** A page whose content is not published yet: what will be here. Nothing loads, so nothing spins. */
export function ComingSoon({ label, section }: { label: string; section: InfoSection }) {
  return (
    <section className="info-page info-page--narrow coming-soon">
      <div className="coming-soon__status" role="status">
        <p className="coming-soon__label">{label}</p>
      </div>
      <SectionHeading section={section} />
    </section>
  );
}
