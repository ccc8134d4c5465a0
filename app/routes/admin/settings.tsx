import { getFormProps } from "@conform-to/react";
import { Form, redirect, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { assignableStaff, consoleSettingsOf, saveConsoleSettings } from "#app/.server/leads/assignment.ts";
import { requireSite } from "#app/.server/site.ts";
import { ConsoleSettingsFormSchema } from "#app/forms/admin.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { CheckboxField, ErrorList, useConsoleForm } from "./forms.tsx";
import { signedInAdmin } from "./guard.server.ts";
import { parseConsoleForm } from "./submission.server.ts";
import type { Route } from "./+types/settings";

/** The site's console settings: for now, whether new leads go to the counsellors by turns. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requireSite(context).slug;
  const [settings, staff] = await Promise.all([consoleSettingsOf(site), assignableStaff(site)]);
  return {
    settings,
    counsellors: staff.filter((person) => person.role === "counsellor").map((person) => person.name || person.email),
    saved: new URL(request.url).searchParams.get("saved") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const parsed = parseConsoleForm(await request.formData(), ConsoleSettingsFormSchema);
  if (!parsed.ok) return parsed.refused;
  await saveConsoleSettings(changeContext(context, admin), parsed.value);
  return redirect("/admin/settings?saved=1", { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "배정 설정 | 관리자", description: "배정 설정", path: "/admin/settings", robots: "noindex,nofollow" });

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, counsellors, saved } = loaderData;
  const saving = useNavigation().formAction === "/admin/settings";
  const [form, fields] = useConsoleForm({
    id: "console-settings",
    schema: ConsoleSettingsFormSchema,
    lastResult: actionData?.result,
    defaultValue: { roundRobin: settings.roundRobin ? "on" : undefined },
  });
  return (
    <div className="admin-page admin-page--narrow">
      <div className="admin-page__head">
        <h1 className="admin-title">배정 설정</h1>
      </div>
      {saved ? (
        <p className="admin-notice" role="status">
          설정을 저장했습니다.
        </p>
      ) : null}
      <section className="admin-card" aria-labelledby="round-robin-title">
        <h2 id="round-robin-title" className="admin-card__title">
          새 고객 자동 배정
        </h2>
        <p>
          켜 두면 새로 접수된 고객(스팸 제외)을 상담사에게 한 명씩 차례로 배정합니다. 사용 중지된 계정과 아직 초대를 수락하지 않은 계정은
          건너뜁니다.
        </p>
        <p className="admin-muted">
          {counsellors.length > 0 ? `배정 순서: ${counsellors.join(", ")}` : "이 사이트에서 일하는 상담사가 없어 켜도 배정되지 않습니다."}
        </p>
        <Form method="post" className="admin-form" key={String(settings.roundRobin)} {...getFormProps(form)}>
          <CheckboxField meta={fields.roundRobin} label="상담사에게 차례로 자동 배정" />
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
            {saving ? "저장 중…" : "저장"}
          </button>
        </Form>
      </section>
    </div>
  );
}
