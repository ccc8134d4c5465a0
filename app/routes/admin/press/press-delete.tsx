import { Form, Link, redirect, useNavigation } from "react-router";
import { deletePress, getPress, pressStatus } from "#app/.server/content/press.ts";
import { requireSite } from "#app/.server/site.ts";
import { PRESS_STATUS_LABELS } from "#app/forms/press-messages.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { notFound, requireArticleId } from "./press.server.ts";
import type { Route } from "./+types/press-delete";

// The confirmation is a page of its own, so it works the same with or without scripts.
export async function loader({ params, context }: Route.LoaderArgs) {
  const article = await getPress(requireSite(context).slug, requireArticleId(params.id));
  if (!article) throw notFound();
  return { id: article.id, title: article.title, status: pressStatus(article), views: article.views };
}

export async function action({ params, context }: Route.ActionArgs) {
  // Deleting twice (a double click, a resent form) ends on the list all the same.
  await deletePress(requireSite(context).slug, requireArticleId(params.id));
  return redirect("/admin/press?deleted=1", { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "보도자료 삭제 | 관리자",
    description: "보도자료 삭제",
    path: "/admin/press",
    robots: "noindex,nofollow",
  });

export default function PressDeletePage({ loaderData }: Route.ComponentProps) {
  const { id, title, status, views } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="admin-page admin-page--narrow">
      <section className="admin-card admin-danger" aria-labelledby="delete-title">
        <h1 id="delete-title" className="admin-title">
          이 보도자료를 삭제할까요?
        </h1>
        <p>
          「{title}」 ({PRESS_STATUS_LABELS[status]}
          {status === "published" ? `, 조회 ${views.toLocaleString("ko-KR")}` : ""})
        </p>
        <p>삭제하면 공개 목록·RSS·사이트맵에서 사라지고 되돌릴 수 없습니다. 잠시 내리려면 삭제 대신 임시 저장으로 바꾸세요.</p>
        <Form method="post" replace className="admin-actions">
          <Link to={`/admin/press/${id}`} className="admin-button admin-button--ghost">
            취소
          </Link>
          <button type="submit" className="admin-button admin-button--danger" disabled={busy}>
            {busy ? "삭제 중…" : "삭제"}
          </button>
        </Form>
      </section>
    </div>
  );
}
