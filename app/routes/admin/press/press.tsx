import { useEffect } from "react";
import { Link } from "react-router";
import { formatCursor, getPress, listPressPage, parseCursor, pressStatus } from "#app/.server/content/press.ts";
import { requireSite } from "#app/.server/site.ts";
import { PRESS_STATUS_LABELS } from "#app/forms/press-messages.ts";
import { formatKst } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { withParticle } from "#app/utils/particles.ts";
import { formatSchedule, formatScheduleShort, parseSaveResult } from "./press.server.ts";
import type { Route } from "./+types/press";
import { readWholeNumber } from "#app/forms/numbers.ts";

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requireSite(context).slug;
  const url = new URL(request.url);
  const after = parseCursor(url.searchParams.get("after"));
  const now = new Date();
  const page = await listPressPage(site, after, { limit: PAGE_SIZE, unpublished: true, now });
  return {
    site,
    articles: page.articles.map((article) => {
      const status = pressStatus(article, now);
      return {
        id: article.id,
        title: article.title,
        status,
        badge:
          status === "scheduled"
            ? `${PRESS_STATUS_LABELS.scheduled} ${formatScheduleShort(article.date, now)}`
            : PRESS_STATUS_LABELS[status],
        date: status === "draft" ? null : formatKst(article.date),
        updatedAt: article.updatedAt ? formatKst(article.updatedAt) : null,
        views: article.views,
      };
    }),
    first: after === undefined,
    next: page.next ? formatCursor(page.next) : null,
    message: await savedMessage(site, url.searchParams),
  };
}

/** The line after a save or a delete, from the redirect's query (a reload shows it once more, nothing worse). */
async function savedMessage(site: string, query: URLSearchParams) {
  if (query.get("deleted") === "1") return "삭제했습니다.";
  const result = parseSaveResult(query.get("saved"));
  const id = readWholeNumber(query.get("id"));
  if (!result || id === undefined) return null;
  const article = await getPress(site, id);
  if (!article) return null;
  if (result === "scheduled") return `${withParticle(`「${article.title}」`, "은/는")} ${formatSchedule(article.date)}에 발행됩니다.`;
  return `${withParticle(`「${article.title}」`, "을/를")} ${result === "published" ? "발행했습니다" : "저장했습니다"}.`;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "보도자료 | 관리자", description: "보도자료", path: "/admin/press", robots: "noindex,nofollow" });

export default function PressAdminPage({ loaderData }: Route.ComponentProps) {
  const { site, articles, first, next, message } = loaderData;
  useForgetMessage(message);
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">보도자료</h1>
        <div className="admin-actions">
          <a href={`/${site}/press`} className="admin-button admin-button--ghost" target="_blank" rel="noreferrer">
            공개 목록 보기
          </a>
          <Link to="/admin/press/new" className="admin-button admin-button--primary">
            새 보도자료
          </Link>
        </div>
      </div>
      {message ? (
        <p className="admin-notice" role="status">
          {message}
        </p>
      ) : null}
      <section className="admin-card" aria-labelledby="press-list-title">
        <h2 id="press-list-title" className="visually-hidden">
          보도자료 목록
        </h2>
        {articles.length === 0 ? (
          <p className="admin-empty__text">{first ? "아직 보도자료가 없습니다. 「새 보도자료」로 첫 글을 써 보세요." : "더 없습니다."}</p>
        ) : (
          <ol className="press-rows">
            {articles.map((article) => (
              <li key={article.id} className="press-row">
                <Link to={`/admin/press/${article.id}`} className="press-row__title">
                  {article.title}
                </Link>
                <p className="press-row__facts">
                  <span className={`press-badge press-badge--${article.status}`}>{article.badge}</span>
                  {article.status === "published" ? (
                    <span>
                      {article.date} · 조회 {article.views.toLocaleString("ko-KR")}
                    </span>
                  ) : null}
                  {article.updatedAt ? <span>수정 {article.updatedAt}</span> : null}
                </p>
              </li>
            ))}
          </ol>
        )}
        <div className="admin-actions press-rows__paging">
          {first ? null : (
            <Link to="/admin/press" className="admin-button admin-button--ghost">
              처음으로
            </Link>
          )}
          {next ? (
            <Link to={`/admin/press?after=${encodeURIComponent(next)}`} className="admin-button admin-button--ghost">
              다음 {PAGE_SIZE}건
            </Link>
          ) : null}
        </div>
      </section>
    </div>
  );
}

/**
 * The message stays on screen, but the address drops the query that produced it, so a reload
 * (with scripts) does not announce the same save again.
 */
function useForgetMessage(message: string | null) {
  useEffect(() => {
    if (!message) return;
    const url = new URL(window.location.href);
    for (const name of ["saved", "id", "deleted"]) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, "", url);
  }, [message]);
}
