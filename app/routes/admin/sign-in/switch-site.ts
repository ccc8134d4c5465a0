import { data, redirect } from "react-router";
import { servedSites } from "#app/.server/site.ts";
import { startHandoff } from "#app/.server/site-handoff.ts";
import { signedInAdmin } from "../guard.server.ts";
import type { Route } from "./+types/switch-site";

export function loader() {
  return redirect("/admin");
}

/** The site switcher: to another of the administrator's sites, on its own host, already signed in. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const wanted = (await request.formData()).get("site");
  const target = servedSites().find((site) => site.slug === wanted);
  const key = target && (await startHandoff(admin.id, target.slug));
  if (!target || !key) throw data("이 사이트의 관리자 화면을 쓸 수 없습니다.", { status: 403 });
  return redirect(`${target.origin}/admin/handoff?${new URLSearchParams({ key })}`, { status: 303 });
}
