import { data, Form, Link, redirect, replace, useNavigation } from "react-router";
import { pressLoginPath, requireAdmin } from "#app/.server/auth.ts";
import { requireSameOrigin } from "#app/.server/csrf.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { deletePress, getPress, parseArticleId } from "#app/.server/press.ts";
import { PressHeader } from "#app/components/press-header.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { pressHeader } from "./press.server.ts";
import { requireSite } from "#app/.server/site.ts";
import type { Route } from "./+types/press-delete";
import "#app/styles/press.css";

// The confirmation step for visitors without scripts; with scripts the detail page asks in a dialog.
const NO_STORE = { "Cache-Control": CACHE_CONTROL.private };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = requireSite(context, params.site).pack;
  await requireAdmin(request, context, { loginPath: (returnTo) => pressLoginPath(site.slug, returnTo), permission: "press.manage" });
  const id = parseArticleId(params.id);
  const article = id ? await getPress(site.slug, id) : undefined;
  if (!article) throw replace("/Promotion/Press");
  return data({ site: site.slug, header: pressHeader(site), article: { id: article.id, title: article.title } }, { headers: NO_STORE });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const site = requireSite(context, params.site).pack;
  requireSameOrigin(request, context);
  await requireAdmin(request, context, { loginPath: (returnTo) => pressLoginPath(site.slug, returnTo), permission: "press.manage" });
  const id = parseArticleId(params.id);
  // Deleting twice (a double click, a resent form) ends on the list all the same.
  if (id) await deletePress(site.slug, id);
  throw redirect(`/${site.slug}/press`, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: "보도자료 삭제",
    description: "",
    path: loaderData ? `/${loaderData.site}/press/${loaderData.article.id}/delete` : "/Promotion/Press",
    robots: "noindex,nofollow",
  });

export default function PressDeletePage({ loaderData }: Route.ComponentProps) {
  const { site, article, header } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PressHeader header={header} />
      <div className="press">
        <section className="press-panel press-confirm" aria-labelledby="press-delete-title">
          <h2 id="press-delete-title" className="press-panel__title">
            보도자료를 삭제할까요?
          </h2>
          <p>「{article.title}」을(를) 삭제하면 되돌릴 수 없습니다.</p>
          <Form method="post" replace className="press-form__actions">
            <Link to={`/${site}/press/${article.id}`} className="button button--outline">
              취소
            </Link>
            <button type="submit" className="button press-button--danger" disabled={busy}>
              {busy ? "삭제 중…" : "삭제"}
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
