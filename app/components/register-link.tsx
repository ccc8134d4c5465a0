import { Link } from "react-router";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { useRegistrationPopup } from "./registration-popup.tsx";

/**
 * Every "register interest / visit reservation" opener on the site (hero, header phone button,
 * footer, mobile bottom bar). Without JavaScript (or outside the site layout) it is a link to the
 * registration page; once the page runs scripts it opens the registration popup in place.
 */
export function RegisterLink({
  className,
  children,
  ...rest
}: { className?: string; children: React.ReactNode } & Omit<
  React.AnchorHTMLAttributes<HTMLAnchorElement>,
  "href" | "className" | "children"
>) {
  const context = useRegistrationPopup();
  const popup = useHydrated() ? context : null;
  return (
    <Link
      {...rest}
      to="/Promotion/Customer"
      className={className}
      data-register-link=""
      aria-haspopup={popup ? "dialog" : undefined}
      onPointerEnter={popup ? popup.prepare : undefined}
      onFocus={popup ? popup.prepare : undefined}
      onClick={(event) => {
        rest.onClick?.(event);
        // A new tab or window (modifier keys, middle click) still gets the page.
        if (!popup || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
          return;
        event.preventDefault();
        popup.open(event.currentTarget);
      }}
    >
      {children}
    </Link>
  );
}
