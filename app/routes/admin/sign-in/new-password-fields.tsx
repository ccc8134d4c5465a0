import type { FieldMetadata } from "@conform-to/react";
import { SIGN_IN_TEXT } from "#app/forms/staff.ts";
import { Field } from "../forms.tsx";

/** A new password and its confirmation, as the invitation and 내 계정 ask for them (the rule as the hint). */
export function NewPasswordFields({ password, confirm }: { password: FieldMetadata<unknown>; confirm: FieldMetadata<unknown> }) {
  return (
    <>
      <Field
        meta={password}
        label={SIGN_IN_TEXT.passwordLabel}
        type="password"
        autoComplete="new-password"
        maxLength={200}
        hint={SIGN_IN_TEXT.passwordHint}
      />
      <Field meta={confirm} label={SIGN_IN_TEXT.passwordConfirm} type="password" autoComplete="new-password" maxLength={200} />
    </>
  );
}
