import { useNavigate } from "react-router";

/**
 * A link of the frame's menus: a plain `<a>` that the frame's one click listener
 * (`usePlainLinkNavigation`) turns into React Router's client-side navigation. React Router's
 * `Link` gives each link a dozen hooks and effects of its own; the header's two menus have about
 * eighty links, and their hydration was a good share of every page's main-thread work after the
 * first paint (docs/decisions/038-plain-menu-links.md). `data-discover` is the mark `Link` writes:
 * React Router's route discovery finds these links as it found those.
 */
export function PlainLink({ to, ...props }: Omit<React.ComponentProps<"a">, "href"> & { to: string }) {
  return <a href={to} data-discover="true" {...props} />;
}

/**
 * Navigates in the page for a plain left click on a `PlainLink` inside the element it listens on,
 * as `Link` would (a click on a link to the page already shown replaces its history entry). A click
 * with a modifier key, a link to another window, a download or another origin, and a click some
 * handler already took (a React Router `Link` inside the frame) are left to the browser or to it.
 */
export function usePlainLinkNavigation() {
  const navigate = useNavigate();
  return (event: React.MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest?.("a[data-discover]");
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
    if ((link.target && link.target !== "_self") || link.hasAttribute("download") || link.origin !== window.location.origin) return;
    event.preventDefault();
    const to = `${link.pathname}${link.search}${link.hash}`;
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    void navigate(to, { replace: to === here });
  };
}
