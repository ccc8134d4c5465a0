import { getFormProps } from "@conform-to/react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { siteSettingsOf } from "#app/.server/content/site-settings.ts";
import { requireSite } from "#app/.server/site.ts";
import { remainingUnits } from "#app/.server/units/remaining.ts";
import { PUBLIC_UNITS_PATH } from "#app/content/units-page.ts";
import { changeUnitSettings, unitSettingsOf } from "#app/.server/units/settings.ts";
import { HOLD_HOURS_MAX, REMAINING_SOURCE_LABELS, UnitSettingsFormSchema } from "#app/forms/units.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { REMAINING_UNITS_SOURCES } from "#app/vocabulary.ts";
import { CheckboxField, ErrorList, Field, SelectField, useConsoleForm, type ConsoleFormAnswer } from "../forms.tsx";
import { signedInAdmin } from "../guard.server.ts";
import { parseConsoleForm } from "../submission.server.ts";
import type { Route } from "./+types/units-settings";

const PATH = "/admin/units/settings";
const SOURCE_OPTIONS = REMAINING_UNITS_SOURCES.map((source) => ({ value: source, label: REMAINING_SOURCE_LABELS[source] }));

/** 잔여세대 설정: how long a hold lasts, where the site's remaining-units line comes from, and the public 잔여세대 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requireSite(context).slug;
  const [settings, shown] = await Promise.all([unitSettingsOf(site), siteSettingsOf(site).then((values) => remainingUnits(site, values))]);
  return { settings, line: shown.line, saved: new URL(request.url).searchParams.has("saved"), publicPath: PUBLIC_UNITS_PATH };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const parsed = parseConsoleForm(await request.formData(), UnitSettingsFormSchema);
  if (!parsed.ok) return parsed.refused;
  await changeUnitSettings(changeContext(context, admin), parsed.value);
  throw redirect(`${PATH}?saved`, { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "잔여세대 설정 | 관리자", description: "", path: PATH, robots: "noindex,nofollow" });

export default function UnitSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, line, saved, publicPath } = loaderData;
  const answer = actionData as ConsoleFormAnswer | undefined;
  const navigation = useNavigation();
  const [form, fields] = useConsoleForm({
    id: "unit-settings",
    schema: UnitSettingsFormSchema,
    lastResult: answer?.result,
    defaultValue: {
      holdHours: String(settings.holdHours),
      remainingSource: settings.remainingSource,
      publicPage: settings.publicPage ? "on" : undefined,
      publicUnitNumbers: settings.publicUnitNumbers ? "on" : undefined,
      publicPrices: settings.publicPrices ? "on" : undefined,
    },
  });
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">잔여세대 설정</h1>
        <Link to="/admin/units" className="admin-link">
          동호수 현황으로
        </Link>
      </div>
      {saved ? (
        <p className="admin-notice" role="status">
          저장했습니다. 사이트에 바로 반영됩니다.
        </p>
      ) : null}
      <section className="admin-card" aria-labelledby="units-line-title">
        <h2 id="units-line-title" className="admin-card__title">
          지금 사이트에 보이는 잔여세대
        </h2>
        <p data-testid="remaining-line">{line ?? "표시하지 않음 (잔여세대 수를 말하지 않습니다)"}</p>
        <p className="admin-muted">
          머리글, 홈 첫 화면, 상담 문자의 {"{잔여세대}"} 자리에 이 문구가 들어갑니다. 상담 중인 세대는 잔여로, 계약 완료는 분양 완료로
          셉니다.
        </p>
      </section>
      <section className="admin-card" aria-labelledby="units-settings-title">
        <h2 id="units-settings-title" className="admin-card__title">
          설정
        </h2>
        <Form method="post" className="admin-form" {...getFormProps(form)}>
          <SelectField
            meta={fields.remainingSource}
            label="잔여세대 표시"
            options={SOURCE_OPTIONS}
            hint="동호수 현황을 고르면 세대가 바뀔 때마다 사이트의 잔여세대 수가 따라 바뀝니다."
          />
          <Field
            meta={fields.holdHours}
            label="홀드 시간 (시간)"
            type="number"
            min={1}
            max={HOLD_HOURS_MAX}
            inputMode="numeric"
            hint="상담사가 고객을 위해 세대를 홀드하면 이 시간이 지나 저절로 풀립니다."
          />
          <CheckboxField
            meta={fields.publicPage}
            label={`잔여세대 페이지 공개 (${publicPath})`}
            hint="켜면 분양안내 메뉴에 잔여세대 페이지가 나타납니다."
          />
          <CheckboxField
            meta={fields.publicUnitNumbers}
            label="공개 페이지에 동·호수까지 보여 주기"
            hint="끄면 타입별·동별 세대 수만 보여 줍니다."
          />
          <CheckboxField meta={fields.publicPrices} label="공개 페이지에 세대별 분양가 보여 주기" />
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className="admin-button admin-button--primary" disabled={navigation.state === "submitting"}>
            저장
          </button>
        </Form>
      </section>
    </div>
  );
}
