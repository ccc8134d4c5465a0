import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { LeadConsent } from "#app/content/types.ts";
import { KioskFormSchema, PARTY_SIZES, WALK_IN_LABELS } from "#app/forms/door.ts";
import { ConsentNotice } from "./consent-notice.tsx";
import { CheckboxField, ErrorList, Field, SelectField, useConsoleForm } from "./forms.tsx";

/**
 * 현장 등록's form, the same at the desk (/admin/door) and on the kiosk (/admin/door/kiosk): name,
 * phone, party size, interest type, and the consent notice shown in full beside its box, so the
 * visitor reads it on the tablet or the desk reads it aloud.
 */
export function WalkInForm({
  id,
  action,
  consent,
  unitTypes,
  lastResult,
  submitLabel,
  forStaff = false,
}: {
  id: string;
  action: string;
  consent: LeadConsent;
  unitTypes: { key: string; label: string }[];
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
  /** The desk's form: the consent hint tells the person at the desk to show or read the notice. */
  forStaff?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "walk-in";
  const [form, fields] = useConsoleForm({ id, schema: KioskFormSchema, lastResult, defaultValue: { partySize: "1" } });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="admin-form door-walk-in">
      <input type="hidden" name="intent" value="walk-in" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="door-walk-in__row">
        <Field meta={fields.name} label={WALK_IN_LABELS.name} autoComplete="off" />
        <Field meta={fields.phone} label={WALK_IN_LABELS.phone} type="tel" inputMode="tel" autoComplete="off" />
      </div>
      <div className="door-walk-in__row">
        <SelectField
          meta={fields.partySize}
          label={WALK_IN_LABELS.partySize}
          options={PARTY_SIZES.map((size) => ({ value: String(size), label: `${size}명` }))}
        />
        <SelectField
          meta={fields.unitType}
          label={WALK_IN_LABELS.unitType}
          options={[
            { value: "", label: WALK_IN_LABELS.unitTypeNone },
            ...unitTypes.map((unit) => ({ value: unit.key, label: unit.label })),
          ]}
        />
      </div>
      <ConsentNotice id={`${id}-consent-title`} consent={consent} />
      <CheckboxField meta={fields.consent} label={WALK_IN_LABELS.consent} hint={forStaff ? WALK_IN_LABELS.consentHint : undefined} />
      <CheckboxField meta={fields.marketing} label={WALK_IN_LABELS.marketing} />
      <button type="submit" className="admin-button" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
