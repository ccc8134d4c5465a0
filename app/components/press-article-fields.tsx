import type { FormEvent } from "react";
import { firstError, PressArticleSchema } from "#app/forms/press.ts";
import { PRESS_CONTENT_MAX, PRESS_SUMMARY_MAX, PRESS_TITLE_MAX } from "#app/forms/press-messages.ts";

export interface PressArticleValues {
  title: string;
  summary: string;
  content: string;
}

/**
 * Title, summary and content of an article, for publishing and for editing. Nothing is marked
 * `required` for the browser: the spec's alert is the message people see (see `alertIfInvalid`).
 */
export function PressArticleFields({ idPrefix, defaults }: { idPrefix: string; defaults?: Partial<PressArticleValues> }) {
  return (
    <>
      <div className="press-field">
        <label htmlFor={`${idPrefix}-title`}>
          제목 <span className="press-field__required">(필수)</span>
        </label>
        <input
          id={`${idPrefix}-title`}
          name="title"
          type="text"
          maxLength={PRESS_TITLE_MAX}
          defaultValue={defaults?.title}
          aria-required="true"
          autoComplete="off"
        />
      </div>
      <div className="press-field">
        <label htmlFor={`${idPrefix}-summary`}>
          요약 <span className="press-field__required">(필수)</span>
        </label>
        <textarea
          id={`${idPrefix}-summary`}
          name="summary"
          rows={3}
          maxLength={PRESS_SUMMARY_MAX}
          defaultValue={defaults?.summary}
          aria-required="true"
        />
      </div>
      <div className="press-field">
        <label htmlFor={`${idPrefix}-content`}>본문</label>
        <textarea
          id={`${idPrefix}-content`}
          name="content"
          rows={10}
          maxLength={PRESS_CONTENT_MAX}
          defaultValue={defaults?.content}
          aria-describedby={`${idPrefix}-content-hint`}
        />
        <p id={`${idPrefix}-content-hint`} className="press-field__hint">
          줄을 바꾸면 문단이 나뉩니다.
        </p>
      </div>
    </>
  );
}

/** onSubmit: checks the form with the server's schema and alerts the first problem instead of sending. */
export function alertIfInvalid(event: FormEvent<HTMLFormElement>) {
  const result = PressArticleSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
  if (result.success) return;
  event.preventDefault();
  window.alert(firstError(result.error));
}
