import type { FieldMetadata } from "@conform-to/react";
import { useState, type FormEvent } from "react";
import { AD_COPY_MESSAGES, findRiskyPhrases, type AdCopyWarning } from "#app/forms/ad-copy.ts";
import { CheckboxField } from "./forms.tsx";

/**
 * The ad-copy check as the office types (app/forms/ad-copy.ts): each watched field's warnings,
 * kept up to date from the form's input events, starting from the values the page was drawn with
 * (so the page the server answers without scripts shows them too). The server checks again.
 */
export function useAdCopyCheck(fields: Record<string, FieldMetadata<unknown>>, names: readonly string[]) {
  const drawn = Object.fromEntries(names.map((name) => [name, asText(fields[name]?.initialValue)]));
  // What was typed since the page was drawn; a new answer from the server draws the page afresh.
  const drawnKey = JSON.stringify(drawn);
  const [typed, setTyped] = useState<{ drawnKey: string; values: Record<string, string> }>({ drawnKey, values: {} });
  const values = { ...drawn, ...(typed.drawnKey === drawnKey ? typed.values : {}) };
  const warnings: Record<string, AdCopyWarning[]> = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, findRiskyPhrases(value)]),
  );
  function follow(event: FormEvent<HTMLFormElement>) {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
    if (!names.includes(target.name)) return;
    const { name, value } = target;
    setTyped((current) => ({ drawnKey, values: { ...(current.drawnKey === drawnKey ? current.values : {}), [name]: value } }));
  }
  const any = Object.values(warnings).some((list) => list.length > 0);
  return { warnings, follow, any };
}

function asText(value: unknown) {
  return typeof value === "string" ? value : "";
}

/**
 * A field's warnings, right under it, announced politely as they appear. A warning the server
 * already gave as the field's error is not said twice.
 */
export function AdCopyNote({ meta, warnings }: { meta: FieldMetadata<unknown>; warnings: AdCopyWarning[] | undefined }) {
  const given = new Set(meta.errors ?? []);
  const shown = (warnings ?? []).filter((warning) => !given.has(warning.message));
  return (
    <div id={`${meta.id}-ad-copy`} className="ad-copy-note" aria-live="polite">
      {shown.length > 0 ? (
        <>
          <p className="ad-copy-note__title">{AD_COPY_MESSAGES.liveTitle}</p>
          <ul>
            {shown.map((warning) => (
              <li key={warning.id}>{warning.message}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** The confirmation box, shown only while the words carry a warning (or the server asked for it). */
export function AdCopyConfirm({ meta, warned }: { meta: FieldMetadata<unknown>; warned: boolean }) {
  if (!warned && !meta.errors?.length) return null;
  return (
    <CheckboxField meta={meta} label={AD_COPY_MESSAGES.confirmLabel} hint={AD_COPY_MESSAGES.confirmHint} className="ad-copy-confirm" />
  );
}
