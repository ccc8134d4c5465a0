import { getFormProps } from "@conform-to/react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { textPack } from "#app/.server/content/site-settings.ts";
import { registerCaller } from "#app/.server/leads/caller.ts";
import { requireSite } from "#app/.server/site.ts";
import { CALLER_LABELS, CALLER_MESSAGES, CallerFormSchema } from "#app/forms/caller.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { ConsentNotice } from "../consent-notice.tsx";
import { CheckboxField, ErrorList, Field, SelectField, TextareaField, useConsoleForm, type ConsoleFormAnswer } from "../forms.tsx";
import { signedInAdmin } from "../guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "../submission.server.ts";
import type { Route } from "./+types/lead-new";

/**
 * 전화 접수: whoever takes a call from someone new registers them while on the phone (name, number,
 * the type they ask about, what was said, their consent to the notice read to them). The lead is
 * made and the call logged in one transaction; the page then opens the customer's own page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  signedInAdmin(context);
  const { slug, pack } = requireSite(context);
  return {
    // The notice the site shows now (the office's own words, if it changed them), whose version the lead keeps.
    consent: (await textPack(slug)).leads.consent,
    unitTypes: pack.units.map((unit) => ({ key: unit.key, label: unit.label })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const parsed = parseConsoleForm(await request.formData(), CallerFormSchema);
  if (!parsed.ok) return parsed.refused;
  const { consent: _consent, ...caller } = parsed.value;
  const registered = await registerCaller({ ...changeContext(context, admin), actorName: admin.name || admin.email }, caller);
  if (registered.outcome === "unknown-type") {
    return refuseSubmission(parsed.submission, { fieldErrors: { unitType: [CALLER_MESSAGES.unitType] } }, { status: 400 });
  }
  if (registered.outcome === "already") {
    // Someone else's lead is not this person's to open: the sentence names it, and the inbox's search finds it.
    return refuseSubmission(parsed.submission, { formErrors: [CALLER_MESSAGES.already(registered.leadId)] }, { status: 409 });
  }
  return redirect(`/admin/leads/${registered.leadId}`, { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "전화 접수 | 관리자", description: "", path: "/admin/leads/new", robots: "noindex,nofollow" });

export default function NewCallerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { consent, unitTypes } = loaderData;
  const answer = actionData as ConsoleFormAnswer | undefined;
  const [form, fields] = useConsoleForm({ id: "caller", schema: CallerFormSchema, lastResult: answer?.result });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="admin-page">
      <p className="admin-back">
        <Link to="/admin/leads">← 고객 접수 목록</Link>
      </p>
      <div className="admin-page__head">
        <h1 className="admin-title">전화 접수</h1>
      </div>
      <p className="admin-muted">
        처음 전화한 고객을 통화하면서 등록합니다. 접수와 통화 기록이 함께 남고, 고객에게 접수 안내 문자가 갑니다.
      </p>
      <section className="admin-card" aria-labelledby="caller-title">
        <h2 id="caller-title" className="admin-card__title">
          전화한 고객
        </h2>
        <Form method="post" className="admin-form" {...getFormProps(form)}>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field meta={fields.name} label={CALLER_LABELS.name} autoComplete="off" />
          <Field meta={fields.phone} label={CALLER_LABELS.phone} type="tel" inputMode="tel" autoComplete="off" />
          <SelectField
            meta={fields.unitType}
            label={CALLER_LABELS.unitType}
            options={[
              { value: "", label: CALLER_LABELS.unitTypeNone },
              ...unitTypes.map((unit) => ({ value: unit.key, label: unit.label })),
            ]}
          />
          <TextareaField meta={fields.message} label={CALLER_LABELS.message} hint={CALLER_LABELS.messageHint} rows={4} />
          <ConsentNotice id="caller-consent-title" consent={consent} />
          <CheckboxField meta={fields.consent} label={CALLER_LABELS.consent} />
          <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
            {busy ? "접수하는 중…" : CALLER_LABELS.submit}
          </button>
        </Form>
      </section>
    </div>
  );
}
