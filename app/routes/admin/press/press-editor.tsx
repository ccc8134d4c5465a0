import { useState, type FormEvent } from "react";
import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { PressArticleView, type PressArticleContent } from "#app/components/press-article.tsx";
import {
  PRESS_CONTENT_MAX,
  PRESS_PUBLICATION_LABELS,
  PRESS_PUBLICATIONS,
  PRESS_SUMMARY_MAX,
  PRESS_TITLE_MAX,
  type PressPublication,
} from "#app/forms/press-messages.ts";
import { PressEditorSchema } from "#app/forms/press.ts";
import { isCalendarDay, kstInstant } from "#app/utils/kst.ts";
import { formatPressDateTime, pressParagraphs } from "#app/utils/press-dates.ts";
import { AD_COPY_CONFIRM_FIELD } from "#app/forms/ad-copy.ts";
import { AdCopyConfirm, AdCopyNote, useAdCopyCheck } from "../ad-copy.tsx";
import { ErrorList, Field, TextareaField, useConsoleForm, type ConsoleFormAnswer } from "../forms.tsx";
import "#app/styles/press.css";

/** The editor's fields as a form shows them (what was typed, or the stored article). */
export type PressEditorValues = {
  title: string;
  summary: string;
  content: string;
  publication: PressPublication;
  publishDay: string;
  publishTime: string;
};

/** The server's answer to a post: Conform's reply, and the preview when "미리 보기" asked for one. */
export interface EditorAnswer extends ConsoleFormAnswer {
  preview?: PressArticleContent | null;
}

/**
 * Writing an article: its words, how saving publishes it, and a preview as visitors will see it.
 * Without scripts "미리 보기" posts the form and the page comes back with the preview below it;
 * with scripts the preview follows the typing.
 */
export function PressEditor({
  values,
  stored,
  answer,
  today,
  published,
  articleId,
}: {
  values: PressEditorValues;
  /** The stored article as visitors see it (or will), previewed before any change. */
  stored?: PressArticleContent;
  answer: EditorAnswer | undefined;
  /** Today in Korea, the earliest day a schedule may name. */
  today: string;
  /** The stored article is out already: "지금 발행" keeps its date. */
  published?: { isoDate: string };
  articleId?: number;
}) {
  const [form, fields] = useConsoleForm({
    id: articleId ? `press-${articleId}` : "press-new",
    schema: PressEditorSchema,
    lastResult: answer?.result,
    defaultValue: values,
  });
  const [live, setLive] = useState<PressArticleContent | null>(null);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const preview = live ?? answer?.preview ?? stored ?? null;
  const publication = fields.publication;
  const adCopy = useAdCopyCheck(fields, AD_COPY_FIELDS);

  function follow(event: FormEvent<HTMLFormElement>) {
    setLive(livePreview(new FormData(event.currentTarget), published?.isoDate));
  }

  return (
    <div className="press-editor">
      <Form
        method="post"
        className="admin-card admin-form press-editor__form"
        onChange={follow}
        onInput={adCopy.follow}
        {...getFormProps(form)}
      >
        <Field meta={fields.title} label="제목 (필수)" maxLength={PRESS_TITLE_MAX} autoComplete="off" />
        <AdCopyNote meta={fields.title} warnings={adCopy.warnings.title} />
        <TextareaField meta={fields.summary} label="요약 (필수)" rows={3} maxLength={PRESS_SUMMARY_MAX} />
        <AdCopyNote meta={fields.summary} warnings={adCopy.warnings.summary} />
        <TextareaField
          meta={fields.content}
          label="본문"
          rows={12}
          maxLength={PRESS_CONTENT_MAX}
          hint="글자 그대로 보입니다(HTML은 적용되지 않습니다). 줄을 바꾸면 문단이 나뉩니다."
        />
        <AdCopyNote meta={fields.content} warnings={adCopy.warnings.content} />
        <fieldset className="press-editor__publication" aria-describedby={publication.errors ? publication.errorId : undefined}>
          <legend>발행</legend>
          <div className="press-editor__choices">
            {PRESS_PUBLICATIONS.map((choice) => (
              <label key={choice} className="admin-check">
                <input
                  type="radio"
                  name={publication.name}
                  value={choice}
                  defaultChecked={publication.initialValue === choice}
                  aria-invalid={publication.errors ? true : undefined}
                />
                {choice === "now" && published ? "공개 유지 (발행일 그대로)" : PRESS_PUBLICATION_LABELS[choice]}
              </label>
            ))}
          </div>
          <ErrorList id={publication.errorId} errors={publication.errors} />
          <div className="press-editor__schedule">
            <Field meta={fields.publishDay} label="예약 날짜" type="date" min={today} />
            <Field meta={fields.publishTime} label="예약 시각 (한국 시간)" type="time" step={60} />
          </div>
          <p className="admin-muted press-editor__hint">
            임시 저장한 글은 관리자 화면에만 보입니다. 예약 발행한 글은 정한 시각부터 방문자에게 보입니다.
          </p>
        </fieldset>
        <AdCopyConfirm meta={fields[AD_COPY_CONFIRM_FIELD]!} warned={adCopy.any} />
        <ErrorList id={form.errorId} errors={pending ? undefined : form.errors} />
        {/* "미리 보기" comes first: Enter in the title previews rather than publishes. */}
        <div className="admin-actions press-editor__actions">
          <button type="submit" name="intent" value="preview" className="admin-button admin-button--ghost" disabled={pending !== undefined}>
            {pending === "preview" ? "미리 보는 중…" : "미리 보기"}
          </button>
          <button type="submit" name="intent" value="save" className="admin-button admin-button--primary" disabled={pending !== undefined}>
            {pending === "save" ? "저장 중…" : "저장"}
          </button>
          <Link to="/admin/press" className="admin-button admin-button--ghost">
            목록으로
          </Link>
          {articleId ? (
            <Link to={`/admin/press/${articleId}/delete`} className="admin-button admin-button--ghost press-editor__delete">
              삭제
            </Link>
          ) : null}
        </div>
      </Form>
      <section className="press-editor__preview" aria-labelledby="press-preview-title">
        <h2 id="press-preview-title" className="admin-card__title">
          미리 보기
        </h2>
        {preview ? (
          <>
            <p className="admin-muted">방문자에게 보일 모습입니다. 조회수는 발행 후부터 셉니다.</p>
            <div className="press-editor__page">
              <PressArticleView article={preview} />
            </div>
          </>
        ) : (
          <p className="admin-muted">「미리 보기」를 누르면 방문자에게 보일 모습이 여기에 나옵니다.</p>
        )}
      </section>
    </div>
  );
}

const AD_COPY_FIELDS = ["title", "summary", "content"] as const;

/** The preview from what the form holds now, dated as the server would date it. */
function livePreview(form: FormData, publishedAt: string | undefined): PressArticleContent {
  const text = (name: string) => String(form.get(name) ?? "");
  const day = text("publishDay");
  const time = text("publishTime");
  const scheduled = form.get("publication") === "scheduled" && isCalendarDay(day) && /^\d{2}:\d{2}$/.test(time);
  const date = scheduled ? kstInstant(day, time) : publishedAt && form.get("publication") === "now" ? new Date(publishedAt) : new Date();
  return {
    title: text("title").trim(),
    summary: text("summary").trim(),
    paragraphs: pressParagraphs(text("content").replace(/\r\n?/g, "\n")),
    isoDate: date.toISOString(),
    dateLabel: formatPressDateTime(date),
    views: 0,
  };
}
