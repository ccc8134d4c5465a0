import { data, redirect, type RouterContextProvider } from "react-router";
import { createPress, parseArticleId, pressStatus, updatePress, type PressArticle } from "#app/.server/content/press.ts";
import { requireSite } from "#app/.server/site.ts";
import type { PressArticleContent } from "#app/components/press-article.tsx";
import { PressEditorSchema, type PressEditorInput } from "#app/forms/press.ts";
import { PRESS_SAVE_RESULTS, type PressSaveResult } from "#app/forms/press-messages.ts";
import { kstDay, kstTime } from "#app/utils/kst.ts";
import { formatPressDateTime, pressParagraphs } from "#app/utils/press-dates.ts";
import type { PressEditorValues } from "./press-editor.tsx";
import { parseConsoleForm } from "../submission.server.ts";
import { refuseAdCopy, reviewPostedCopy } from "../ad-copy.server.ts";

/** An article's id from the URL; anything else is a 404 (never a database error). */
export function requireArticleId(value: string | undefined): number {
  const id = parseArticleId(value);
  if (!id) throw notFound();
  return id;
}

export function notFound() {
  return data("없는 보도자료입니다. 이미 삭제되었을 수 있습니다.", { status: 404 });
}

/** A stored article in the editor's terms: a scheduled one keeps its Korean day and time. */
export function editorValues(article: PressArticle, now = new Date()): PressEditorValues {
  const status = pressStatus(article, now);
  return {
    title: article.title,
    summary: article.summary,
    content: article.content,
    publication: status === "draft" ? "draft" : status === "scheduled" ? "scheduled" : "now",
    publishDay: status === "scheduled" ? kstDay(article.date) : "",
    publishTime: status === "scheduled" ? kstTime(article.date) : "",
  };
}

/** The article as the public page will render it: dated when it will appear, no views yet. */
export function previewOf(input: Pick<PressEditorInput, "title" | "summary" | "content" | "publishAt">, date: Date): PressArticleContent {
  const shown = input.publishAt ?? date;
  return {
    title: input.title,
    summary: input.summary,
    paragraphs: pressParagraphs(input.content),
    isoDate: shown.toISOString(),
    dateLabel: formatPressDateTime(shown),
    views: 0,
  };
}

/**
 * The editor's post, for a new article (`id` undefined) or an existing one: "미리 보기" answers the
 * article as visitors would see it and saves nothing; saving redirects to the list with what it did.
 */
export async function handleEditorAction({
  request,
  context,
  id,
  current,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  id?: number;
  /** The stored article's date, for a preview of an article already out. */
  current?: Date;
}) {
  const site = requireSite(context).slug;
  const form = await request.formData();
  const parsed = parseConsoleForm(form, PressEditorSchema);
  if (!parsed.ok) return parsed.refused;
  const { intent, ...input } = parsed.value;
  if (intent === "preview") {
    return { result: parsed.submission.reply(), preview: previewOf(input, current ?? new Date()) };
  }
  // A draft is not published: its words are checked when it goes out.
  const review =
    input.publication === "draft"
      ? { ok: true as const, confirmation: null }
      : reviewPostedCopy(context, "press", form, { title: input.title, summary: input.summary, content: input.content });
  if (!review.ok) return refuseAdCopy(parsed.submission, review, { intent });
  const options = { adCopy: review.confirmation };
  const saved = id === undefined ? await createPress(site, input, options) : await updatePress(site, id, input, options);
  if (!saved) throw notFound();
  throw redirect(`/admin/press?${new URLSearchParams({ saved: saved.result, id: String(saved.id) })}`, { status: 303 });
}

export function parseSaveResult(value: string | null): PressSaveResult | undefined {
  return PRESS_SAVE_RESULTS.find((result) => result === value);
}

/** "11월 30일 09:00" in Korea (with the year when it is not this year's). */
export function formatSchedule(date: Date, now = new Date()) {
  const [year, month, day] = kstDay(date).split("-").map(Number);
  const prefix = kstDay(now).startsWith(String(year)) ? "" : `${year}년 `;
  return `${prefix}${month}월 ${day}일 ${kstTime(date)}`;
}

/** "11.30 09:00" — a scheduled article's badge in the list. */
export function formatScheduleShort(date: Date, now = new Date()) {
  const [year, month, day] = kstDay(date).split("-").map(Number);
  const prefix = kstDay(now).startsWith(String(year)) ? "" : `${year}.`;
  return `${prefix}${month}.${day} ${kstTime(date)}`;
}
