import { data, Form, Link, redirect, replace, useNavigation } from "react-router";
import { pressLoginPath, requireAdmin } from "#app/.server/auth.ts";
import { requireSameOrigin } from "#app/.server/csrf.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { getPress, parseArticleId, updatePress } from "#app/.server/press.ts";
import { alertIfInvalid, PressArticleFields } from "#app/components/press-article-fields.tsx";
import { firstError, PressArticleSchema } from "#app/forms/press.ts";
import { PressHeader } from "#app/components/press-header.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { markJustEdited } from "./press-detail.server.ts";
import { pressHeader } from "./press.server.ts";
import { requireSite } from "#app/.server/site.ts";
import type { Route } from "./+types/press-edit";
import "#app/styles/press.css";

const NO_STORE = { "Cache-Control": CACHE_CONTROL.private };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = requireSite(context, params.site).pack;
  await requireAdmin(request, context, { loginPath: (returnTo) => pressLoginPath(site.slug, returnTo), permission: "press.manage" });
  const id = parseArticleId(params.id);
  const article = id ? await getPress(site.slug, id) : undefined;
  if (!article) throw replace("/Promotion/Press");
  return data(
    {
      site: site.slug,
      header: pressHeader(site),
      article: { id: article.id, title: article.title, summary: article.summary, content: article.content },
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const site = requireSite(context, params.site).pack;
  requireSameOrigin(request, context);
  await requireAdmin(request, context, { loginPath: (returnTo) => pressLoginPath(site.slug, returnTo), permission: "press.manage" });
  const id = parseArticleId(params.id);
  if (!id) throw replace("/Promotion/Press");
  const form = await request.formData();
  const parsed = PressArticleSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const values = {
      title: String(form.get("title") ?? ""),
      summary: String(form.get("summary") ?? ""),
      content: String(form.get("content") ?? ""),
    };
    return data({ error: firstError(parsed.error), values }, { status: 400, headers: NO_STORE });
  }
  if (!(await updatePress(site.slug, id, parsed.data))) throw replace("/Promotion/Press");
  throw redirect(`/${site.slug}/press/${id}`, { headers: { ...NO_STORE, "Set-Cookie": await markJustEdited(id) } });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData ? `보도자료 수정: ${loaderData.article.title}` : "보도자료 수정",
    description: "",
    path: loaderData ? `/${loaderData.site}/press/${loaderData.article.id}/edit` : "/Promotion/Press",
    robots: "noindex,nofollow",
  });

export default function PressEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { site, article, header } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <>
      <PressHeader header={header} />
      <div className="press">
        <section className="press-panel press-write" aria-labelledby="press-edit-title">
          <h2 id="press-edit-title" className="press-panel__title">
            보도자료 수정
          </h2>
          <Form method="post" onSubmit={alertIfInvalid}>
            {/* A refused save shows what was typed, not the stored article. */}
            <PressArticleFields idPrefix="edit" defaults={actionData?.values ?? article} />
            <p className="press-form__error" role="alert">
              {actionData && !busy ? actionData.error : ""}
            </p>
            <div className="press-form__actions">
              <Link to={`/${site}/press/${article.id}`} className="button button--outline">
                취소
              </Link>
              <button type="submit" className="button button--brand" disabled={busy}>
                {busy ? "저장 중…" : "저장"}
              </button>
            </div>
          </Form>
        </section>
      </div>
    </>
  );
}
