import { Form } from "react-router";
import { alertIfInvalid, PressArticleFields, type PressArticleValues } from "./press-article-fields.tsx";

/** The press list's publishing form (signed-in administrator only; loaded on demand by the page). */
export default function PressPublishForm({
  site,
  result,
  busy,
}: {
  site: string;
  /** The last publish answer: the new article's id, or the refusal with what was typed. */
  result: { published: number } | { error: string; values: Partial<PressArticleValues> } | undefined;
  busy: boolean;
}) {
  const published = result && "published" in result ? result.published : undefined;
  const failure = result && "error" in result ? result : undefined;
  return (
    <section className="press-panel press-write" aria-labelledby="press-write-title">
      <h2 id="press-write-title" className="press-panel__title">
        보도자료 작성
      </h2>
      {/* A new key after each publish empties the fields. */}
      <Form key={published ?? "draft"} method="post" action={`/${site}/press`} onSubmit={alertIfInvalid} preventScrollReset>
        <input type="hidden" name="intent" value="publish" />
        <PressArticleFields idPrefix="publish" defaults={failure?.values} />
        <p className="press-form__error" role="alert">
          {failure && !busy ? failure.error : ""}
        </p>
        <p className="press-form__status" role="status">
          {published && !busy ? "보도자료를 등록했습니다." : ""}
        </p>
        <button type="submit" className="button button--brand" disabled={busy}>
          {busy ? "등록 중…" : "등록"}
        </button>
      </Form>
    </section>
  );
}
