import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";

/** React Router's default, which its hook reads and writes. */
const STORAGE_KEY = "react-router-scroll-positions";

/**
 * React Router's restore script, except on an entry the router has not keyed yet (a link followed, an
 * address typed): that entry gets its new key and no look-up, since no position was ever stored under a
 * key just made. The first `sessionStorage` read is a synchronous call to the browser process, 1–100 ms
 * of waiting while a page loads on a busy machine, which Lighthouse multiplied into the document's own
 * task (docs/decisions/054). A reload or a return to a keyed entry reads it as before.
 */
const RESTORE_SCROLL = `(() => {
  const key = history.state && history.state.key;
  if (!key) return history.replaceState({ key: Math.random().toString(32).slice(2) }, "");
  try {
    const y = JSON.parse(sessionStorage.getItem("${STORAGE_KEY}") || "{}")[key];
    if (typeof y === "number") scrollTo(0, y);
  } catch {
    sessionStorage.removeItem("${STORAGE_KEY}");
  }
})()`;

/** React Router's `<ScrollRestoration>`: its hook, with the restore script above. */
export function ScrollRestoration({ nonce }: { nonce: string }) {
  useScrollRestoration({ storageKey: STORAGE_KEY });
  // The browser keeps the server's text: hydration does not rewrite a script.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? RESTORE_SCROLL : "" }} />;
}
