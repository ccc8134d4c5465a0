import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Fragment } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import {
  applySettings,
  changeSettings,
  packDefault,
  settingChanges,
  siteSettingsOf,
  valueBeforeChange,
} from "#app/.server/content/site-settings.ts";
import { requireSite } from "#app/.server/site.ts";
import { bookingsOutsideHours } from "#app/.server/visits/schedule.ts";
import {
  displaySetting,
  SITE_SETTING_FIELDS,
  SITE_SETTING_GROUPS,
  SITE_SETTING_NAMES,
  SiteSettingsFormSchema,
  type SiteSettingName,
} from "#app/forms/site-settings.ts";
import { formatKst } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { AD_COPY_CONFIRM_FIELD, AD_COPY_MESSAGES } from "#app/forms/ad-copy.ts";
import type { AdCopyReview } from "#app/.server/content/ad-copy.ts";
import { AdCopyConfirm, AdCopyNote, useAdCopyCheck } from "./ad-copy.tsx";
import { ErrorList, Field, useConsoleForm } from "./forms.tsx";
import { signedInAdmin } from "./guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "./submission.server.ts";
import { refuseAdCopy, reviewPostedCopy } from "./ad-copy.server.ts";
import { OutsideHoursNote } from "./visits/outside-hours-note.tsx";
import type { Route } from "./+types/site-settings";

const PATH = "/admin/site-settings";

/** What the public pages say, overriding the content pack: contacts, footer details, ad and analytics tags. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pack, slug } = requireSite(context);
  const [settings, history] = await Promise.all([siteSettingsOf(slug), settingChanges(slug)]);
  const effective = applySettings(pack, settings);
  const searchParams = new URL(request.url).searchParams;
  const saved = searchParams.get("saved") === "1";
  return {
    values: settings,
    defaults: Object.fromEntries(SITE_SETTING_NAMES.map((name) => [name, packDefault(pack, name)])) as Record<
      SiteSettingName,
      string | null
    >,
    preview: {
      phone: formatPhone(effective.phone),
      companyName: effective.company.name,
      companyAddress: effective.company.address,
      developer: effective.developer,
      builder: effective.builder,
      kakaoChannelUrl: settings.kakaoChannelUrl,
      mobileConsultUrl: settings.mobileConsultUrl,
      remainingUnitsLine: settings.remainingUnitsLine,
      textSenderName: effective.leads.sms.senderName,
    },
    history: history.map((change) => ({ ...change, createdAt: formatKst(change.createdAt) })),
    /** After a save: bookings the hours saved no longer cover (they are kept; the visits page lists them too). */
    outsideHours: saved ? await bookingsOutsideHours(slug) : [],
    modelHouseHours: effective.modelHouse.hours,
    notice: saved ? "저장했습니다. 공개 페이지에 바로 반영됩니다." : searchParams.get("reverted") === "1" ? "되돌렸습니다." : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const form = await request.formData();
  const parsed = parseConsoleForm(form, SiteSettingsFormSchema);
  if (!parsed.ok) return parsed.refused;
  const change = changeContext(context, admin);
  const post = parsed.value;
  switch (post.intent) {
    case "revert": {
      const before = await valueBeforeChange(change.site, post.change);
      if (!before) throw data("되돌릴 변경 기록을 찾을 수 없습니다.", { status: 404 });
      // Putting words back publishes them again: the same check as a save, answered beside the row.
      const review = reviewPostedCopy(context, "site-settings", form, { [before.field]: before.value });
      if (!review.ok) return refuseRevert(parsed.submission, review, before.field, post.change);
      await changeSettings(change, { [before.field]: before.value }, { adCopy: review.confirmation });
      return redirect(`${PATH}?reverted=1`, { status: 303 });
    }
    case "save": {
      const { intent: _intent, ...values } = post;
      const review = reviewPostedCopy(context, "site-settings", form, values);
      if (!review.ok) return refuseAdCopy(parsed.submission, review);
      await changeSettings(change, values, { adCopy: review.confirmation });
      return redirect(`${PATH}?saved=1`, { status: 303 });
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

/**
 * A revert held back by a warning: the row has no field of the setting, so each warning names the
 * setting it is about, and the confirmation box sits in the row's own form.
 */
function refuseRevert(
  submission: Parameters<typeof refuseSubmission>[0],
  review: Extract<AdCopyReview, { ok: false }>,
  field: SiteSettingName,
  changeId: number,
) {
  const { [AD_COPY_CONFIRM_FIELD]: confirm, ...warnings } = review.fieldErrors;
  const formErrors = Object.values(warnings).flatMap((messages) =>
    messages.map((message) => `${SITE_SETTING_FIELDS[field].label}: ${message}`),
  );
  return refuseSubmission(
    submission,
    {
      formErrors,
      // Said of a revert, not a save: the same box, asking again.
      fieldErrors: {
        [AD_COPY_CONFIRM_FIELD]: (confirm ?? []).map((message) =>
          message === AD_COPY_MESSAGES.confirmNeeded ? AD_COPY_MESSAGES.revertConfirmNeeded : message,
        ),
      },
    },
    { status: review.status, extra: { intent: "revert", change: changeId } },
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "사이트 설정 | 관리자", description: "사이트 설정", path: PATH, robots: "noindex,nofollow" });

export default function SiteSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { values, defaults, preview, history, notice, outsideHours, modelHouseHours } = loaderData;
  const saving = useNavigation().formAction === PATH;
  const [form, fields] = useConsoleForm({
    id: "site-settings",
    schema: SiteSettingsFormSchema,
    lastResult: actionData?.intent === "revert" ? undefined : actionData?.result,
    defaultValue: Object.fromEntries(
      SITE_SETTING_NAMES.map((name) => [name, values[name] === undefined ? "" : displaySetting(name, values[name])]),
    ),
  });
  const adCopy = useAdCopyCheck(fields, SITE_SETTING_NAMES);
  const errorCount = Object.values(form.allErrors).filter((errors) => errors.length > 0).length;
  return (
    <div className="admin-page site-settings">
      <div className="admin-page__head">
        <h1 className="admin-title">사이트 설정</h1>
      </div>
      <p className="admin-muted">
        비워 두면 기본값(회색 글씨)을 씁니다. 저장하면 모든 공개 페이지에 바로 반영되고, 바꾼 내용은 아래 변경 기록에 남아 언제든 되돌릴 수
        있습니다.
      </p>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      <OutsideHoursNote bookings={outsideHours} hours={modelHouseHours} />
      {errorCount > 0 ? (
        <p className="admin-form__error" role="alert">
          {`${errorCount}개 항목을 확인해 주세요. 아무것도 저장하지 않았습니다.`}
        </p>
      ) : null}
      <div className="site-settings__layout">
        <Form
          method="post"
          className="admin-card admin-form site-settings__form"
          key={JSON.stringify(values)}
          onInput={adCopy.follow}
          {...getFormProps(form)}
        >
          {SITE_SETTING_GROUPS.map((group) => (
            <fieldset key={group.title} id={group.id ? `site-settings-${group.id}` : undefined} className="site-settings__group">
              <legend className="admin-card__title">{group.title}</legend>
              {group.fields.map((name) => {
                const field = SITE_SETTING_FIELDS[name];
                const fallback = defaults[name];
                return (
                  <Fragment key={name}>
                    <Field
                      meta={fields[name]!}
                      label={field.label}
                      placeholder={fallback === null ? "사용 안 함" : displaySetting(name, fallback)}
                      autoComplete="off"
                      hint={`${field.hint}${fallback === null ? "" : ` · 기본값: ${displaySetting(name, fallback)}`}`}
                    />
                    <AdCopyNote meta={fields[name]!} warnings={adCopy.warnings[name]} />
                  </Fragment>
                );
              })}
            </fieldset>
          ))}
          <AdCopyConfirm meta={fields[AD_COPY_CONFIRM_FIELD]!} warned={adCopy.any} />
          <input type="hidden" name="intent" value="save" />
          <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
            {saving ? "저장 중…" : "저장"}
          </button>
        </Form>
        <section className="admin-card site-settings__preview" aria-labelledby="settings-preview-title">
          <h2 id="settings-preview-title" className="admin-card__title">
            지금 공개 화면
          </h2>
          <p className="admin-muted">머리글과 모바일 하단 바</p>
          <p className="site-settings__preview-line">
            분양문의 <strong>{preview.phone}</strong>
            {preview.kakaoChannelUrl ? " · 카카오톡 상담" : ""}
            {preview.mobileConsultUrl ? " · 모바일 상담(설정한 주소)" : ""}
          </p>
          {preview.remainingUnitsLine ? (
            <>
              <p className="admin-muted">홈 첫 화면</p>
              <p className="site-settings__preview-line">{preview.remainingUnitsLine}</p>
            </>
          ) : null}
          <p className="admin-muted">문자 첫머리</p>
          <p className="site-settings__preview-line">{preview.textSenderName}</p>
          <p className="admin-muted">바닥글</p>
          <p className="site-settings__preview-line">
            {`상호 ${preview.companyName} · 분양문의 ${preview.phone} · 시행 ${preview.developer} · 시공 ${preview.builder} · 현장 ${preview.companyAddress}`}
          </p>
        </section>
      </div>
      <section className="admin-card" aria-labelledby="settings-history-title">
        <h2 id="settings-history-title" className="admin-card__title">
          변경 기록
        </h2>
        {history.length === 0 ? (
          <p className="admin-muted">아직 바꾼 설정이 없습니다.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--compact admin-stack site-settings__history">
              <thead>
                <tr>
                  <th scope="col">일시</th>
                  <th scope="col">변경한 사람</th>
                  <th scope="col">항목</th>
                  <th scope="col">변경 전 → 후</th>
                  <th scope="col">
                    <span className="visually-hidden">되돌리기</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.map((change) => (
                  <tr key={change.id}>
                    <td data-label="일시">{change.createdAt}</td>
                    <td data-label="변경한 사람">{change.actorEmail}</td>
                    <th scope="row">{SITE_SETTING_FIELDS[change.field].label}</th>
                    <td data-label="변경 전 → 후" className="site-settings__change">
                      {`${shown(change.field, change.before)} → ${shown(change.field, change.after)}`}
                    </td>
                    <td>
                      <RevertForm
                        changeId={change.id}
                        lastResult={actionData && "change" in actionData && actionData.change === change.id ? actionData.result : undefined}
                        disabled={saving}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

/** One change's 되돌리기: its own form, so a warning about the words it would put back shows in its row. */
function RevertForm({ changeId, lastResult, disabled }: { changeId: number; lastResult?: SubmissionResult<string[]>; disabled: boolean }) {
  const [form, fields] = useConsoleForm({ id: `revert-${changeId}`, schema: SiteSettingsFormSchema, lastResult });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="revert" />
      <input type="hidden" name="change" value={changeId} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <AdCopyConfirm meta={fields[AD_COPY_CONFIRM_FIELD]!} warned={false} />
      <button type="submit" className="admin-button admin-button--ghost admin-button--small" disabled={disabled}>
        되돌리기
      </button>
    </Form>
  );
}

function shown(name: SiteSettingName, value: string | null) {
  return value === null ? "(기본값)" : displaySetting(name, value);
}
