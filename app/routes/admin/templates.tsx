import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { textsMatching, suggestedTemplates } from "#app/.server/sms/template-check.ts";
import { kakaoChannelOf, listTemplates, previewValues, registerTemplate, retireTemplate } from "#app/.server/sms/templates.ts";
import { requireSite } from "#app/.server/site.ts";
import { readWholeNumber } from "#app/forms/numbers.ts";
import {
  buttonsText,
  fillTemplate,
  parseButtons,
  PURPOSE_VARIABLES,
  TEMPLATE_BODY_MAX,
  TEMPLATE_CODE_MAX,
  TEMPLATE_MESSAGES,
  TEMPLATE_PURPOSE_LABELS,
  TEMPLATE_STATUS_LABELS,
  TemplateFormSchema,
  type TemplateButton,
} from "#app/forms/message-templates.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { ALIMTALK_PURPOSES, type AlimtalkPurpose } from "#app/vocabulary.ts";
import { ErrorList, Field, SelectField, TextareaField, useConsoleForm } from "./forms.tsx";
import { signedInAdmin } from "./guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "./submission.server.ts";
import type { Route } from "./+types/templates";

const MESSAGES = { registered: "템플릿을 등록했습니다.", retired: "템플릿 사용을 중지했습니다." } as const;

const PURPOSE_OPTIONS = ALIMTALK_PURPOSES.map((purpose) => ({ value: purpose, label: TEMPLATE_PURPOSE_LABELS[purpose] }));

/** A template as the page shows it: its approved text, and that text with the site's values in it. */
async function previewOf(site: string, template: { purpose: AlimtalkPurpose; body: string; buttons: TemplateButton[] }) {
  const [values, matches] = await Promise.all([previewValues(site), textsMatching(site, template)]);
  return { text: fillTemplate(template.body, values), buttons: template.buttons, matches };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requireSite(context).slug;
  const [templates, pfId, suggestions] = await Promise.all([
    listTemplates(site),
    kakaoChannelOf(site),
    Promise.all(ALIMTALK_PURPOSES.map(async (purpose) => ({ purpose, texts: await suggestedTemplates(site, purpose) }))),
  ]);
  const done = new URL(request.url).searchParams.get("done");
  return {
    pfId,
    templates: await Promise.all(
      templates.map(async (template) => ({
        id: template.id,
        code: template.code,
        purpose: template.purpose,
        status: template.status,
        body: template.body,
        preview: await previewOf(site, template),
      })),
    ),
    suggestions,
    message: done && done in MESSAGES ? MESSAGES[done as keyof typeof MESSAGES] : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const site = requireSite(context).slug;
  const parsed = parseConsoleForm(await request.formData(), TemplateFormSchema);
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  switch (post.intent) {
    case "preview": {
      const preview = await previewOf(site, { ...post, buttons: parseButtons(post.buttons).buttons });
      return { result: parsed.submission.reply(), intent: "preview", preview };
    }
    case "register": {
      const input = { code: post.code, purpose: post.purpose, body: post.body, buttons: parseButtons(post.buttons).buttons };
      const outcome = await registerTemplate(changeContext(context, admin), input);
      if (outcome === "code-taken")
        return refuseSubmission(parsed.submission, { fieldErrors: { code: [TEMPLATE_MESSAGES.codeTaken] } }, { status: 409 });
      throw redirect("/admin/templates?done=registered", { status: 303 });
    }
    case "retire": {
      const id = readWholeNumber(post.id);
      if (!id || (await retireTemplate(changeContext(context, admin), id)) === "not-found") {
        throw data("없는 템플릿이거나 이미 사용을 중지했습니다.", { status: 404 });
      }
      throw redirect("/admin/templates?done=retired", { status: 303 });
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "알림톡 템플릿 | 관리자",
    description: "알림톡 템플릿",
    path: "/admin/templates",
    robots: "noindex,nofollow",
  });

export default function TemplatesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { pfId, templates, suggestions, message } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  const [form, fields] = useConsoleForm({
    id: "template",
    schema: TemplateFormSchema,
    lastResult,
    defaultValue: { intent: "register", code: "", purpose: "confirmation", body: "", buttons: "" },
  });
  const purpose = (ALIMTALK_PURPOSES as readonly string[]).includes(String(fields.purpose.value))
    ? (fields.purpose.value as AlimtalkPurpose)
    : "confirmation";
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">알림톡 템플릿</h1>
      </div>
      {message ? (
        <p className="admin-notice" role="status">
          {message}
        </p>
      ) : null}
      {pfId ? (
        <p className="admin-muted">
          카카오 채널 <code>{pfId}</code>로 보냅니다. 문구가 아래 템플릿과 글자 하나까지 같은 문자만 알림톡으로 가고, 다르거나 알림톡을 받지
          못하는 번호에는 같은 내용이 문자(SMS/LMS)로 갑니다. 광고 문자는 알림톡으로 보내지 않습니다.
        </p>
      ) : (
        <div className="admin-notice admin-notice--warning" role="note">
          <p>
            <strong>카카오 채널(pfId)이 없어 모든 문자를 SMS/LMS로 보냅니다.</strong> 솔라피에 카카오 채널을 연동한 뒤{" "}
            <Link to="/admin/site-settings">사이트 설정</Link>의 「카카오 알림톡 발신 프로필(pfId)」에 입력해 주세요.
          </p>
        </div>
      )}

      <section className="admin-card" aria-labelledby="templates-list-title">
        <h2 id="templates-list-title" className="admin-card__title">
          등록된 템플릿 {templates.length}개
        </h2>
        {templates.length === 0 ? (
          <p className="admin-empty__text">아직 등록된 템플릿이 없습니다. 카카오 검수를 마친 템플릿을 아래에서 등록해 주세요.</p>
        ) : (
          <ul className="template-rows">
            {templates.map((template) => (
              <li key={template.id} className={`template-row template-row--${template.status}`}>
                <p className="template-row__head">
                  <strong>{TEMPLATE_PURPOSE_LABELS[template.purpose]}</strong> <code>{template.code}</code>{" "}
                  <span className={`template-status template-status--${template.status}`}>{TEMPLATE_STATUS_LABELS[template.status]}</span>
                </p>
                <TemplatePreview preview={template.preview} />
                {template.status === "approved" ? (
                  <Form method="post" className="admin-actions">
                    <input type="hidden" name="id" value={template.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="retire"
                      className="admin-button admin-button--ghost"
                      aria-label={`${template.code} 사용 중지`}
                      disabled={pending !== undefined}
                    >
                      사용 중지
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-card" aria-labelledby="template-add-title">
        <h2 id="template-add-title" className="admin-card__title">
          템플릿 등록
        </h2>
        <Form method="post" className="admin-form template-form" {...getFormProps(form)}>
          <Field
            meta={fields.code}
            label="템플릿 ID (필수)"
            hint="솔라피 알림톡 템플릿 화면의 템플릿 ID"
            maxLength={TEMPLATE_CODE_MAX}
            autoComplete="off"
            spellCheck={false}
          />
          <SelectField meta={fields.purpose} label="쓰는 곳 (필수)" options={PURPOSE_OPTIONS} />
          <TextareaField
            meta={fields.body}
            label="승인된 문구 (필수)"
            hint={`카카오 검수를 통과한 문구를 그대로 붙여 넣어 주세요. 쓸 수 있는 변수: ${PURPOSE_VARIABLES[purpose].map((name) => `#{${name}}`).join(" ")}`}
            rows={10}
            maxLength={TEMPLATE_BODY_MAX}
          />
          <TextareaField
            meta={fields.buttons}
            label="버튼"
            hint="한 줄에 하나씩 「버튼 이름 | https://주소」. 없으면 비워 두세요."
            rows={2}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="admin-actions">
            <button
              type="submit"
              name="intent"
              value="preview"
              className="admin-button admin-button--ghost"
              disabled={pending !== undefined}
            >
              {pending === "preview" ? "만드는 중…" : "미리 보기"}
            </button>
            <button
              type="submit"
              name="intent"
              value="register"
              className="admin-button admin-button--primary"
              disabled={pending !== undefined}
            >
              {pending === "register" ? "등록 중…" : "등록"}
            </button>
          </div>
        </Form>
        {preview ? (
          <div className="template-preview-result" aria-labelledby="template-preview-title">
            <h3 id="template-preview-title" className="admin-card__subtitle">
              미리 보기
            </h3>
            <TemplatePreview preview={preview} />
          </div>
        ) : null}
      </section>

      <section className="admin-card" aria-labelledby="template-suggestions-title">
        <h2 id="template-suggestions-title" className="admin-card__title">
          지금 보내는 문구로 검수 요청하기
        </h2>
        <p className="admin-muted">
          아래 문구로 카카오 검수를 받으면 지금 보내는 문자가 그대로 알림톡으로 갑니다. 사이트 설정의 전화번호나 주소는 변수로 채워지니
          바꿔도 됩니다.
        </p>
        {suggestions.map(({ purpose, texts }) => (
          <details key={purpose} className="template-suggestion">
            <summary>{TEMPLATE_PURPOSE_LABELS[purpose]}</summary>
            {texts.map((text) => (
              <div key={text.label}>
                <p className="admin-muted">{text.label}</p>
                <pre className="template-text">{text.body}</pre>
              </div>
            ))}
          </details>
        ))}
      </section>
    </div>
  );
}

function TemplatePreview({ preview }: { preview: { text: string; buttons: TemplateButton[]; matches: string[] } }) {
  return (
    <div className="template-preview">
      <pre className="template-text" aria-label="실제 값으로 채운 문구">
        {preview.text}
      </pre>
      {preview.buttons.length > 0 ? <p className="admin-muted">버튼: {buttonsText(preview.buttons).replaceAll("\n", ", ")}</p> : null}
      {preview.matches.length > 0 ? (
        <p className="template-match template-match--yes">
          지금 보내는 문자와 같습니다: {preview.matches.join(", ")} → 알림톡으로 보냅니다.
        </p>
      ) : (
        <p className="template-match template-match--no">
          지금 보내는 문자와 문구가 달라 이 템플릿으로는 알림톡이 가지 않습니다(문자로 보냄). 아래 「지금 보내는 문구」와 비교해 주세요.
        </p>
      )}
    </div>
  );
}
