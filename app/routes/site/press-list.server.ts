import { data, redirect, type RouterContextProvider } from "react-router";
import { logout } from "#app/.server/auth/sign-in.ts";
import { requireSameOrigin } from "#app/.server/csrf.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import type { PressPage } from "#app/.server/content/press.ts";
import type { SitePack } from "#app/content/types.ts";
import { formatPressDate } from "#app/utils/press-dates.ts";

const NO_STORE = { "Cache-Control": CACHE_CONTROL.private };

/** Rows as the table shows them: numbered from the newest, dated in Seoul. */
export function toListItems(page: PressPage) {
  return page.articles.map((article, index) => ({
    id: article.id,
    number: page.newer + index + 1,
    title: article.title,
    isoDate: article.date.toISOString(),
    dateLabel: formatPressDate(article.date),
    views: article.views,
  }));
}

/**
 * The list page's one form: signing out from the welcome bar. Signing in and writing happen in
 * the console (/admin/login, /admin/press), which has the second factor and room for an editor.
 */
export async function handlePressListAction({
  request,
  site,
  context,
}: {
  request: Request;
  site: SitePack;
  context: Readonly<RouterContextProvider>;
}) {
  requireSameOrigin(request, context);
  const form = await request.formData();
  if (form.get("intent") !== "logout") throw data("알 수 없는 요청입니다.", { status: 400, headers: NO_STORE });
  throw redirect(`/${site.slug}/press`, { headers: { ...NO_STORE, "Set-Cookie": await logout(request) } });
}
