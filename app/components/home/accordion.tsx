import { useState } from "react";

/** Which item of a phone accordion is open: one at a time, and tapping the open one closes it. */
export function useAccordion(initial: string | null) {
  const [open, setOpen] = useState<string | null>(initial);
  const toggle = (id: string) => setOpen((current) => (current === id ? null : id));
  return [open, toggle] as const;
}

/**
 * One item of a home accordion. Phones with scripts see a toggle button and only the open
 * panel; wide screens, and phones without scripts, see the heading and every panel (home.css).
 */
export function AccordionItem({
  id,
  label,
  open,
  onToggle,
  heading: Heading = "h3",
  className,
  step = false,
  children,
}: {
  id: string;
  label: string;
  open: boolean;
  onToggle: (id: string) => void;
  heading?: "h2" | "h3";
  className?: string;
  /** A full-screen step of the desktop wheel (home.tsx). */
  step?: boolean;
  children: React.ReactNode;
}) {
  const panelId = `${id}-panel`;
  return (
    <div className={["home-acc__item", open && "is-open", className].filter(Boolean).join(" ")} data-home-step={step ? "" : undefined}>
      <AccordionHeading block="home-acc" heading={Heading} label={label} open={open} panelId={panelId} onToggle={() => onToggle(id)} />
      <div id={panelId} className="home-acc__panel">
        {children}
      </div>
    </div>
  );
}

const ICONS = {
  chevron: { size: 18, path: "m6 9 6 6 6-6" },
  plus: { size: 20, path: "M12 5v14M5 12h14" },
};

/**
 * The heading of any collapsible item on the home page (AccordionItem, the premium cards): a
 * toggle button and the same label as plain text, the stylesheet showing one of the two. Its
 * classes are the `block`'s `__heading`, `__toggle`, `__chevron` and `__static`.
 */
export function AccordionHeading({
  block,
  heading: Heading = "h3",
  label,
  open,
  panelId,
  onToggle,
  icon = "chevron",
}: {
  block: string;
  heading?: "h2" | "h3";
  label: React.ReactNode;
  open: boolean;
  panelId: string;
  onToggle: () => void;
  icon?: keyof typeof ICONS;
}) {
  const { size, path } = ICONS[icon];
  return (
    <Heading className={`${block}__heading`}>
      <button type="button" className={`${block}__toggle`} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
        {label}
        <svg className={`${block}__chevron`} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
          <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <span className={`${block}__static`}>{label}</span>
    </Heading>
  );
}
