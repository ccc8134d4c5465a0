import { data, redirect, type RouterContextProvider } from "react-router";
import { login, logout, nextStepPath, pressLoginPath, requireAdmin, safeReturnTo } from "#app/.server/auth.ts";
import { getClientAddress } from "#app/.server/client-address.ts";
import { requireSameOrigin } from "#app/.server/csrf.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { publishPress, type PressPage } from "#app/.server/press.ts";
import type { SitePack } from "#app/content/types.ts";
import { firstError, LoginFormSchema, PressArticleSchema } from "#app/forms/press.ts";
import { PRESS_MESSAGES } from "#app/forms/press-messages.ts";
import { formatPressDate } from "./press.server.ts";

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

/** The list page's forms: sign-in, sign-out and publishing. Every one is a same-origin POST. */
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
  const listPath = `/${site.slug}/press`;
  switch (form.get("intent")) {
    case "login": {
      const parsed = LoginFormSchema.safeParse(Object.fromEntries(form));
      const email = typeof form.get("email") === "string" ? String(form.get("email")) : "";
      if (!parsed.success) {
        return data({ intent: "login" as const, loginError: PRESS_MESSAGES.loginInvalid, email }, { status: 400, headers: NO_STORE });
      }
      const result = await login(request, parsed.data, { clientAddress: getClientAddress(context), site: site.slug });
      if (!result.ok) {
        const locked = result.reason === "locked";
        return data(
          {
            intent: "login" as const,
            loginError: locked ? PRESS_MESSAGES.loginLocked : PRESS_MESSAGES.loginInvalid,
            email,
          },
          {
            status: locked ? 429 : 401,
            headers: locked ? { ...NO_STORE, "Retry-After": String(result.retryAfterSeconds) } : NO_STORE,
          },
        );
      }
      // The password is the first step; the code (or enrolling one) comes on the console's page, which then returns here.
      throw redirect(nextStepPath(result.next, safeReturnTo(form.get("returnTo")) ?? listPath), {
        headers: { ...NO_STORE, "Set-Cookie": result.setCookie },
      });
    }
    case "logout":
      throw redirect(listPath, { headers: { ...NO_STORE, "Set-Cookie": await logout(request) } });
    case "publish": {
      await requireAdmin(request, context, { loginPath: (returnTo) => pressLoginPath(site.slug, returnTo), permission: "press.manage" });
      const parsed = PressArticleSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) {
        const values = {
          title: String(form.get("title") ?? ""),
          summary: String(form.get("summary") ?? ""),
          content: String(form.get("content") ?? ""),
        };
        return data({ intent: "publish" as const, error: firstError(parsed.error), values }, { status: 400, headers: NO_STORE });
      }
      const article = await publishPress(site.slug, parsed.data);
      return data({ intent: "publish" as const, published: article.id }, { headers: NO_STORE });
    }
    default:
      throw data("알 수 없는 요청입니다.", { status: 400, headers: NO_STORE });
  }
}
