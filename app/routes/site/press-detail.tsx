import { useRef } from "react";
import { data, Form, Link, replace, type ShouldRevalidateFunctionArgs } from "react-router";
import { getAdmin } from "#app/.server/auth.ts";
import { can } from "#app/permissions.ts";
import { getPress, parseArticleId, viewPress } from "#app/.server/press.ts";
import { PressHeader } from "#app/components/press-header.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { countsAsView, articleJsonLd, detailHeaders, forgetJustEdited, wasJustEdited } from "./press-detail.server.ts";
import { formatPressDateTime, pressHeader } from "./press.server.ts";
import { requireSite } from "#app/.server/site.ts";
import type { Route } from "./+types/press-detail";
import "#app/styles/press.css";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = requireSite(context, params.site).pack;
  const id = parseArticleId(params.id);
  if (!id) throw replace("/Promotion/Press");
  const justEdited = await wasJustEdited(request, id);
  const [admin, article] = await Promise.all([
    getAdmin(request, context),
    countsAsView(request) && !justEdited ? viewPress(site.slug, id) : getPress(site.slug, id),
  ]);
  if (!article) throw replace("/Promotion/Press");
  const headers = new Headers(detailHeaders(admin));
  if (justEdited) headers.append("Set-Cookie", await forgetJustEdited());
  return data(
    {
      site: site.slug,
      header: pressHeader(site),
      article: {
        id: article.id,
        title: article.title,
        summary: article.summary,
        paragraphs: article.content.split("\n").filter((line) => line.trim() !== ""),
        isoDate: article.date.toISOString(),
        dateLabel: formatPressDateTime(article.date),
        views: article.views,
      },
      jsonLd: articleJsonLd({ site, article, siteUrl: requireSite(context).origin }),
      isAdmin: admin !== null && can(admin.role, "press.manage"),
    },
    { headers },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The loader counts a view, so it runs once per visit: not again when a form elsewhere on the
 * page (the interest popup) is sent. Navigating here, or reloading, still runs it.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteSeoFrom(matches);
  return seo(site, {
    title: loaderData ? `${loaderData.article.title} | ${site?.siteName ?? ""}` : "",
    description: loaderData?.article.summary ?? "",
    path: loaderData ? `/${loaderData.site}/press/${loaderData.article.id}` : "/Promotion/Press",
    type: "article",
    jsonLd: loaderData?.jsonLd,
  });
};

export default function PressDetailPage({ loaderData }: Route.ComponentProps) {
  const { site, article, isAdmin, header } = loaderData;
  return (
    <>
      <PressHeader header={header} />
      <article className="press-article" aria-labelledby="press-article-title">
        <header className="press-article__header">
          <h2 id="press-article-title" className="press-article__title">
            {article.title}
          </h2>
          <dl className="press-article__meta">
            <div>
              <dt>작성자</dt>
              <dd>관리자</dd>
            </div>
            <div>
              <dt>작성일</dt>
              <dd>
                <time dateTime={article.isoDate}>{article.dateLabel}</time>
              </dd>
            </div>
            <div>
              <dt>조회수</dt>
              <dd>{article.views.toLocaleString("ko-KR")}</dd>
            </div>
          </dl>
        </header>
        <p className="press-article__summary">{article.summary}</p>
        {/* Text only: the content is split at line breaks and never read as HTML. */}
        <div className="press-article__body">
          {article.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        <footer className="press-article__actions">
          <Link to={`/${site}/press`} className="button button--brand">
            목록으로
          </Link>
          {isAdmin ? <AdminActions site={site} id={article.id} title={article.title} /> : null}
        </footer>
      </article>
    </>
  );
}

/** Edit, and delete after a confirmation: a dialog with scripts, the confirmation page without. */
function AdminActions({ site, id, title }: { site: string; id: number; title: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <div className="press-article__admin">
      <Link to={`/${site}/press/${id}/edit`} className="button button--outline">
        수정
      </Link>
      <Link
        to={`/${site}/press/${id}/delete`}
        className="button press-button--danger"
        onClick={(event) => {
          if (!dialog.current) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        삭제
      </Link>
      <dialog ref={dialog} className="press-dialog" aria-labelledby="press-delete-title">
        <h2 id="press-delete-title" className="press-dialog__title">
          보도자료를 삭제할까요?
        </h2>
        <p className="press-dialog__text">「{title}」을(를) 삭제하면 되돌릴 수 없습니다.</p>
        <div className="press-dialog__actions">
          <button type="button" className="button button--outline" onClick={() => dialog.current?.close()}>
            취소
          </button>
          <Form method="post" action={`/${site}/press/${id}/delete`} replace>
            <button type="submit" className="button press-button--danger">
              삭제
            </button>
          </Form>
        </div>
      </dialog>
    </div>
  );
}
