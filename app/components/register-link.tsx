import { Link } from "react-router";

/**
 * Every "register interest / visit reservation" opener on the site (hero, header phone button,
 * footer, mobile bottom bar). Without JavaScript it is a link to the registration page; the
 * registration popup (leads issue) upgrades it to open the dialog in place.
 */
export function RegisterLink({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <Link to="/Promotion/Customer" className={className}>
      {children}
    </Link>
  );
}
