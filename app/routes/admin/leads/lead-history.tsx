import { Link } from "react-router";
import { formatKst } from "#app/utils/kst.ts";
import type { LeadEventKind, OutboxStatus } from "#app/vocabulary.ts";

/** One entry as the loader sends it (app/.server/leads/history.ts). */
export interface TimelineEntry {
  key: string;
  leadId: number;
  at: Date | string;
  type: "status" | "note" | "event" | "text";
  eventKind: LeadEventKind | null;
  sentence: string;
  actor: string;
  body: string | null;
  textStatus: OutboxStatus | null;
  textLabel: string | null;
}

/**
 * A lead's (or a customer's) history, newest first: what happened, when and by whom. On the
 * customer page each entry names its lead, so two leads' histories read as one.
 */
export function LeadHistory({ entries, label, showLead = false }: { entries: TimelineEntry[]; label: string; showLead?: boolean }) {
  if (entries.length === 0) return <p className="admin-empty__text">아직 기록이 없습니다.</p>;
  return (
    <ol className="admin-timeline admin-history" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.key} className={`admin-history__entry admin-history__entry--${entry.type}`}>
          <p className="admin-timeline__meta">
            <time dateTime={new Date(entry.at).toISOString()}>{formatKst(entry.at)}</time> · {entry.actor}
            {showLead ? (
              <>
                {" · "}
                <Link to={`/admin/leads/${entry.leadId}`}>접수 #{entry.leadId}</Link>
              </>
            ) : null}
          </p>
          {entry.type === "note" ? (
            <p className="admin-timeline__body">{entry.body}</p>
          ) : entry.eventKind === "contact" ? (
            <>
              <p className="admin-history__sentence">{entry.sentence}</p>
              {entry.body ? <p className="admin-timeline__body">{entry.body}</p> : null}
            </>
          ) : (
            <p className="admin-history__sentence">
              {entry.sentence}
              {entry.textStatus && entry.type === "event" ? (
                <span className={`admin-sms admin-sms--${entry.textStatus}`}>{entry.textLabel}</span>
              ) : null}
            </p>
          )}
          {entry.type !== "note" && entry.eventKind !== "contact" && entry.body ? (
            <details className="admin-history__text">
              <summary>문자 내용</summary>
              <pre className="admin-message__body">{entry.body}</pre>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
