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
    <div
      className={["home-acc__item", open && "is-open", className].filter(Boolean).join(" ")}
      data-home-step={step ? "" : undefined}
    >
      <Heading className="home-acc__heading">
        <button
          type="button"
          className="home-acc__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => onToggle(id)}
        >
          {label}
          <svg className="home-acc__chevron" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <span className="home-acc__static">{label}</span>
      </Heading>
      <div id={panelId} className="home-acc__panel">
        {children}
      </div>
    </div>
  );
}
