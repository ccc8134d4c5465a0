import { getPress, pressStatus } from "#app/.server/content/press.ts";
import { requireSite } from "#app/.server/site.ts";
import { PRESS_STATUS_LABELS } from "#app/forms/press-messages.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatKst, kstDay } from "#app/utils/kst.ts";
import { PressEditor } from "./press-editor.tsx";
import { editorValues, handleEditorAction, notFound, previewOf, requireArticleId } from "./press.server.ts";
import type { Route } from "./+types/press-edit";

export async function loader({ params, context }: Route.LoaderArgs) {
  const site = requireSite(context).slug;
  const article = await getPress(site, requireArticleId(params.id));
  if (!article) throw notFound();
  const now = new Date();
  const status = pressStatus(article, now);
  return {
    site,
    id: article.id,
    status,
    values: editorValues(article, now),
    stored: previewOf({ ...article, publishAt: null }, article.date),
    published: status === "published" ? { isoDate: article.date.toISOString() } : undefined,
    updatedAt: article.updatedAt ? formatKst(article.updatedAt) : null,
    views: article.views,
    today: kstDay(now),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = requireArticleId(params.id);
  const article = await getPress(requireSite(context).slug, id);
  const current = article && pressStatus(article) === "published" ? article.date : undefined;
  return handleEditorAction({ request, context, id, current });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "보도자료 수정 | 관리자",
    description: "보도자료 수정",
    path: "/admin/press",
    robots: "noindex,nofollow",
  });

export default function PressEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { site, id, status, values, stored, published, updatedAt, views, today } = loaderData;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">보도자료 수정</h1>
      </div>
      <p className="admin-muted press-editor__facts">
        <span className={`press-badge press-badge--${status}`}>{PRESS_STATUS_LABELS[status]}</span>
        {status === "published" ? (
          <>
            {" "}
            조회 {views.toLocaleString("ko-KR")} ·{" "}
            <a href={`/${site}/press/${id}`} target="_blank" rel="noreferrer">
              공개 화면에서 보기
            </a>
          </>
        ) : null}
        {updatedAt ? <> · 마지막 수정 {updatedAt}</> : null}
      </p>
      <PressEditor values={values} stored={stored} answer={actionData} today={today} published={published} articleId={id} />
    </div>
  );
}
