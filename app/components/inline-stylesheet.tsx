import { useState } from "react";

/**
 * A stylesheet that arrives inside the document on a page's first load and as a file on a later
 * client navigation (docs/decisions/019-first-paint.md).
 *
 * The server renders `<style href precedence>`, which React writes into <head> as
 * `<style data-href="…">css</style>`: the first paint needs nothing but the HTML, and no module
 * preload competes with a stylesheet. The browser build carries only the URL (`css` is "" there):
 * when hydrating, React adopts the style element already in <head>; a component mounted later
 * (a route reached by a client navigation, a popup) renders a `<link rel=stylesheet precedence>`
 * instead, which React loads before it shows the new content. No file is downloaded twice.
 */
export function InlineStylesheet({ href, css }: { href: string; css: string }) {
  const [inDocument] = useState(() => typeof document === "undefined" || document.querySelector(`style[data-href~="${href}"]`) !== null);
  // Outside a build (the integration tests' app) a stylesheet has no URL: the text alone.
  if (!href) return <style>{css}</style>;
  return inDocument ? (
    <style href={href} precedence="site">
      {css}
    </style>
  ) : (
    <link rel="stylesheet" href={href} precedence="site" />
  );
}
