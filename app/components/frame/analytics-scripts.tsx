import { useNonce } from "#app/utils/nonce.tsx";

/** One switched-on tool's tag: its vendor script and the set-up that follows it. */
export interface TagScript {
  key: string;
  src: string;
  init: string;
}

/**
 * The ad and analytics tags the office switched on, each with the page's nonce. Server HTML only
 * matters: the scripts run as the document is parsed, and React leaves them alone afterwards. The
 * layout's loader writes them (app/utils/analytics.ts), so the tools' table stays on the server.
 */
export function AnalyticsScripts({ tags }: { tags: TagScript[] }) {
  const nonce = useNonce();
  return tags.map(({ key, src, init }) => (
    <div key={key} hidden>
      {/* Not async: each vendor's set-up below expects its script to have run first (as their snippets do). */}
      <script nonce={nonce} src={src} suppressHydrationWarning />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: init }} />
    </div>
  ));
}
