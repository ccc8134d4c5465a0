import { toolsInUse, type AnalyticsTags } from "#app/utils/analytics.ts";
import { useNonce } from "#app/utils/nonce.tsx";

/**
 * The ad and analytics tags the office switched on, each with the page's nonce. Server HTML only
 * matters: the scripts run as the document is parsed, and React leaves them alone afterwards.
 */
export function AnalyticsScripts({ tags }: { tags: AnalyticsTags }) {
  const nonce = useNonce();
  return toolsInUse(tags).map(({ tool, id }) => (
    <div key={tool.setting} hidden>
      {/* Not async: each vendor's set-up below expects its script to have run first (as their snippets do). */}
      <script nonce={nonce} src={tool.scriptSrc(id)} suppressHydrationWarning />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: tool.init(id) }} />
    </div>
  ));
}
