import { getFormProps, type DefaultValue } from "@conform-to/react";
import { data, Form, redirect, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { priceSheetOf, savePriceSheet, withdrawPriceSheet } from "#app/.server/prices/price-sheets.ts";
import { requireSite } from "#app/.server/site.ts";
import { LOAN_KIND_LABELS, PRICE_PATH } from "#app/content/price-words.ts";
import {
  BAND_SLOTS,
  everyPriceField,
  formValuesOf,
  PAYMENT_SLOT_LABELS,
  PRICE_EDITOR_WORDS as WORDS,
  PRICE_MESSAGES,
  PriceSheetFieldsSchema,
  PriceSheetFormSchema,
  withTypes,
} from "#app/forms/prices.ts";
import { formatKst } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { LOAN_KINDS } from "#app/vocabulary.ts";
import { CheckboxField, ErrorList, Field, SelectField, useConsoleForm } from "./forms.tsx";
import { signedInAdmin } from "./guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "./submission.server.ts";
import type { Route } from "./+types/prices";

const PATH = "/admin/prices";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pack, slug } = requireSite(context);
  const state = await priceSheetOf(slug);
  const done = new URL(request.url).searchParams.get("done");
  return {
    types: pack.units.map((unit) => ({ key: unit.key, label: unit.label })),
    values: formValuesOf(
      state?.draft ?? null,
      pack.units.map((unit) => unit.key),
    ),
    saved: state ? { at: formatKst(state.savedAt), by: state.savedBy } : null,
    published: state?.published && state.publishedAt ? { at: formatKst(state.publishedAt), by: state.publishedBy } : null,
    draftDiffers: state !== null && JSON.stringify(state.draft) !== JSON.stringify(state.published),
    notice: done && Object.hasOwn(WORDS.done, done) ? WORDS.done[done as keyof typeof WORDS.done] : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const types = requireSite(context).pack.units.map((unit) => unit.key);
  const form = await request.formData();
  const parsed = parseConsoleForm(form.get("intent") === "withdraw" ? form : everyPriceField(form, types.length), PriceSheetFormSchema);
  if (!parsed.ok) return parsed.refused;
  const change = changeContext(context, admin);
  const post = parsed.value;
  switch (post.intent) {
    case "save":
    case "publish": {
      await savePriceSheet(change, withTypes(post.sheet, types), { publish: post.intent === "publish" });
      return redirect(`${PATH}?done=${post.intent === "publish" ? "published" : "saved"}`, { status: 303 });
    }
    case "withdraw": {
      if ((await withdrawPriceSheet(change)) === "not-published") {
        return refuseSubmission(
          parsed.submission,
          { formErrors: [PRICE_MESSAGES.notPublished] },
          { status: 409, extra: { intent: "withdraw" } },
        );
      }
      return redirect(`${PATH}?done=withdrawn`, { status: 303 });
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: `${WORDS.title} | 관리자`, description: WORDS.title, path: PATH, robots: "noindex,nofollow" });

export default function PricesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { types, values, saved, published, draftDiffers, notice } = loaderData;
  const busy = useNavigation().formAction === PATH;
  // A refused withdrawal answers beside its own button; the editor keeps the sheet it shows.
  const withdrawAnswer = actionData?.intent === "withdraw" ? actionData.result : null;
  const [form, fields] = useConsoleForm({
    id: "price-sheet",
    schema: PriceSheetFieldsSchema,
    lastResult: withdrawAnswer ? null : actionData?.result,
    // useConsoleForm's shape carries a string index signature that nested rows (bands, payments) cannot satisfy.
    defaultValue: values as unknown as DefaultValue<Record<string, string>>,
  });
  const errorCount = Object.values(form.allErrors).filter((errors) => errors.length > 0).length;
  const bands = fields.bands.getFieldList();
  const payments = fields.payments.getFieldList();
  return (
    <div className="admin-page price-editor">
      <div className="admin-page__head">
        <h1 className="admin-title">{WORDS.title}</h1>
        <div className="admin-actions">
          <a href={PRICE_PATH} className="admin-button admin-button--ghost" target="_blank" rel="noreferrer">
            {WORDS.viewPublic}
          </a>
        </div>
      </div>
      <p className="admin-muted">{WORDS.intro}</p>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      <p className="price-editor__state">
        {published ? WORDS.publishedAt(published.at, published.by) : WORDS.notPublished}
        {saved && draftDiffers ? ` · ${WORDS.draftDiffers(saved.at, saved.by)}` : ""}
      </p>
      {errorCount > 0 ? (
        <p className="admin-form__error" role="alert">
          {WORDS.errorSummary(errorCount)}
        </p>
      ) : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      <ErrorList id="price-withdraw-errors" errors={withdrawAnswer?.error?.[""]} />
      <Form method="post" className="admin-form price-editor__form" key={JSON.stringify(values)} {...getFormProps(form)}>
        <fieldset className="admin-card price-editor__group">
          <legend className="admin-card__title">{WORDS.tableLegend}</legend>
          <p className="admin-muted">{WORDS.tableHint(BAND_SLOTS)}</p>
          <ErrorList id={fields.bands.errorId} errors={fields.bands.errors} />
          {bands.map((band, index) => {
            const row = band.getFieldset();
            const prices = row.prices.getFieldList();
            return (
              <fieldset key={band.key} className="price-editor__band">
                <legend>{WORDS.band(index + 1)}</legend>
                <div className="price-editor__floors">
                  <Field meta={row.from} label={WORDS.from} inputMode="numeric" autoComplete="off" />
                  <Field meta={row.to} label={WORDS.to} inputMode="numeric" autoComplete="off" />
                </div>
                <div className="price-editor__prices">
                  {types.map((type, column) => (
                    <Field key={type.key} meta={prices[column]!} label={WORDS.price(type.label)} inputMode="numeric" autoComplete="off" />
                  ))}
                </div>
                <ErrorList id={row.prices.errorId} errors={row.prices.errors} />
              </fieldset>
            );
          })}
        </fieldset>
        <fieldset className="admin-card price-editor__group">
          <legend className="admin-card__title">{WORDS.scheduleLegend}</legend>
          <p className="admin-muted">{WORDS.scheduleHint}</p>
          {payments.map((payment, index) => {
            const row = payment.getFieldset();
            return (
              <fieldset key={payment.key} className="price-editor__payment">
                <legend>{PAYMENT_SLOT_LABELS[index]}</legend>
                <Field meta={row.percent} label={WORDS.percent} inputMode="numeric" autoComplete="off" />
                <Field meta={row.dueOn} label={WORDS.dueOn} type="date" />
                <CheckboxField meta={row.atMoveIn} label={WORDS.atMoveIn} />
              </fieldset>
            );
          })}
          <ErrorList id={fields.payments.errorId} errors={fields.payments.errors} />
        </fieldset>
        <fieldset className="admin-card price-editor__group">
          <legend className="admin-card__title">{WORDS.loanLegend}</legend>
          <div className="price-editor__loan">
            <SelectField
              meta={fields.loanKind}
              label={WORDS.loanKind}
              options={LOAN_KINDS.map((kind) => ({ value: kind, label: LOAN_KIND_LABELS[kind] }))}
            />
            <Field meta={fields.loanShare} label={WORDS.loanShare} hint={WORDS.loanShareHint} inputMode="numeric" autoComplete="off" />
            <Field meta={fields.loanRate} label={WORDS.loanRate} hint={WORDS.loanRateHint} inputMode="decimal" autoComplete="off" />
            <Field meta={fields.moveInOn} label={WORDS.moveInOn} hint={WORDS.moveInOnHint} type="date" />
          </div>
        </fieldset>
        <div className="admin-actions price-editor__actions">
          <button type="submit" name="intent" value="save" className="admin-button" disabled={busy}>
            {WORDS.save}
          </button>
          <button type="submit" name="intent" value="publish" className="admin-button admin-button--primary" disabled={busy}>
            {WORDS.publish}
          </button>
        </div>
      </Form>
      {published ? (
        <Form method="post" className="admin-card price-editor__withdraw">
          <p className="admin-muted">{WORDS.withdrawHint}</p>
          <button type="submit" name="intent" value="withdraw" className="admin-button admin-button--ghost" disabled={busy}>
            {WORDS.withdraw}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
