// zod/mini: the same schemas in a form the bundler can tree-shake. Client-safe: the browser checks
// a form with the same schema before sending it (loaded on submit), and the server decides with it.
import * as z from "zod/mini";
import { normalizePhone } from "#app/utils/phone.ts";
import { CONSENT_VALUE, MESSAGE_MAX, NAME_HINT, NAME_MAX, NAME_PATTERN, PHONE_HINT, PHONE_PATTERN } from "./lead.ts";
import { withoutControlCharacters, withoutControlCharactersExceptLineBreaks } from "./text.ts";
import { VISIT_MESSAGES } from "./visit.ts";
import type { LeadKind } from "#app/vocabulary.ts";

export const NameSchema = z.string({ error: "이름을 입력해 주세요." }).check(
  z.overwrite(withoutControlCharacters),
  z.overwrite((name) => name.trim().replace(/\s+/g, " ")),
  z.minLength(1, "이름을 입력해 주세요."),
  z.maxLength(NAME_MAX, `이름은 ${NAME_MAX}자 이내로 입력해 주세요.`),
  z.regex(NAME_PATTERN, `이름을 확인해 주세요. ${NAME_HINT}`),
);

export const PhoneSchema = z.pipe(
  z
    .string({ error: "연락처를 입력해 주세요." })
    .check(
      z.trim(),
      z.minLength(1, "연락처를 입력해 주세요."),
      z.regex(PHONE_PATTERN, `휴대폰 번호를 정확히 입력해 주세요. ${PHONE_HINT}`),
    ),
  z.transform(normalizePhone),
);

export const MessageSchema = z.pipe(
  z.optional(
    z
      .string()
      .check(
        z.overwrite(withoutControlCharactersExceptLineBreaks),
        z.trim(),
        z.maxLength(MESSAGE_MAX, `문의 내용은 ${MESSAGE_MAX.toLocaleString("ko-KR")}자 이내로 입력해 주세요.`),
      ),
  ),
  z.transform((value) => value ?? ""),
);

export const ConsentSchema = z.literal(CONSENT_VALUE, { error: "개인정보 수집·이용에 동의해 주세요." });

/** The optional consent to advertising texts: ticked or not, never an error. */
export const MarketingConsentSchema = z.pipe(
  z.catch(z.optional(z.literal(CONSENT_VALUE)), undefined),
  z.transform((value) => value === CONSENT_VALUE),
);

export const InterestFormSchema = z.object({
  name: NameSchema,
  phone: PhoneSchema,
  consent: ConsentSchema,
  marketing: MarketingConsentSchema,
});

/** A slot id from the visit form's time choice; whether one is required is the server's call (an open schedule). */
export const VisitSlotSchema = z.optional(z.pipe(z.string().check(z.regex(/^\d{1,9}$/, VISIT_MESSAGES.chooseSlot)), z.transform(Number)));

/** 방문 인원: a whole number; its range is the site's (the pack's `maxPartySize`), checked by the server. */
export const PartySizeSchema = z.optional(z.pipe(z.string().check(z.regex(/^\d{1,2}$/, VISIT_MESSAGES.partySize(4))), z.transform(Number)));

export const VisitDateSchema = z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, VISIT_MESSAGES.chooseSlot)));

/**
 * The unit type the visitor is interested in (the pack's key, "84A") and the unit they picked on the
 * public 잔여세대 page: both optional; the server keeps them only when the site has them (units/interest.ts).
 */
export const UnitTypeSchema = z.optional(z.string().check(z.trim(), z.maxLength(16, "관심 타입을 다시 골라 주세요.")));
export const UnitIdSchema = z.optional(
  z.pipe(
    z.string().check(z.regex(/^\d{0,9}$/, "선택한 세대를 다시 골라 주세요.")),
    z.transform((value) => (value ? Number(value) : undefined)),
  ),
);

export const VisitFormSchema = z.object({
  name: NameSchema,
  phone: PhoneSchema,
  message: MessageSchema,
  consent: ConsentSchema,
  marketing: MarketingConsentSchema,
  visitSlot: VisitSlotSchema,
  visitDate: VisitDateSchema,
  unitType: UnitTypeSchema,
  unitId: UnitIdSchema,
  partySize: PartySizeSchema,
});

/** 대기 신청: who, how many, and the consents; the time is the page's (?slot=), sent as a hidden field. */
export const WaitlistFormSchema = z.object({
  name: NameSchema,
  phone: PhoneSchema,
  consent: ConsentSchema,
  marketing: MarketingConsentSchema,
  partySize: PartySizeSchema,
  visitSlot: VisitSlotSchema,
});

export const InquiryFormSchema = z.object({
  name: NameSchema,
  phone: PhoneSchema,
  message: MessageSchema,
  consent: ConsentSchema,
  marketing: MarketingConsentSchema,
  unitType: UnitTypeSchema,
  unitId: UnitIdSchema,
});

export const LeadFormSchemas = {
  interest: InterestFormSchema,
  visit: VisitFormSchema,
  inquiry: InquiryFormSchema,
} satisfies Record<LeadKind, z.ZodMiniType>;

/** Every field of the lead forms, as their schemas name them. */
export type LeadField = { [Kind in LeadKind]: keyof z.input<(typeof LeadFormSchemas)[Kind]> }[LeadKind];

/** Fields whose problems show under another field: the date and the time are one choice. */
const SHOWN_UNDER = { visitDate: "visitSlot" } as const satisfies Partial<Record<LeadField, LeadField>>;
export type ErrorField = Exclude<LeadField, keyof typeof SHOWN_UNDER>;
export type FieldErrors = Partial<Record<ErrorField, string>>;

/** What the visitor typed, sent back to re-fill a form that a plain post could not accept (the consent boxes are ticked again by hand). */
export type FormValues = Partial<Record<Exclude<LeadField, "consent" | "marketing">, string>>;

/** A valid submission of any lead form: the fields every form has, and those of the others as optional. */
export type LeadFormValues = z.output<typeof InterestFormSchema> &
  Partial<z.output<typeof VisitFormSchema> & z.output<typeof InquiryFormSchema>>;

/**
 * The fields a lead stores in columns of the same names (app/.server/schema.ts). The others are
 * not stored as typed: consent is kept as the consent text's version and time, the optional
 * marketing consent as its time, a visit time and its party size as a booking.
 */
export function storedLeadFields(values: LeadFormValues) {
  const {
    consent: _consent,
    marketing: _marketing,
    visitSlot: _visitSlot,
    visitDate: _visitDate,
    partySize: _partySize,
    ...stored
  } = values;
  return stored;
}

export type StoredLeadFields = ReturnType<typeof storedLeadFields>;

export type LeadFormResult = { ok: true; values: LeadFormValues } | { ok: false; errors: FieldErrors };

const isLeadField = (kind: LeadKind, key: unknown): key is LeadField =>
  typeof key === "string" && Object.hasOwn(LeadFormSchemas[kind].shape, key);

/** Checks a submitted form (FormData or a plain record of its fields) against the kind's schema. */
export function parseLeadForm(kind: LeadKind, fields: FormData | Record<string, unknown>): LeadFormResult {
  const record = fields instanceof FormData ? Object.fromEntries(fields) : fields;
  const result = LeadFormSchemas[kind].safeParse(record);
  if (result.success) return { ok: true, values: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (!isLeadField(kind, field)) continue;
    errors[field in SHOWN_UNDER ? SHOWN_UNDER[field as keyof typeof SHOWN_UNDER] : (field as ErrorField)] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The fields a form of this kind echoes back after a refused plain post. */
export function formValues(kind: LeadKind, fields: Record<string, string | undefined>): FormValues {
  const values: FormValues = {};
  for (const key of Object.keys(LeadFormSchemas[kind].shape)) {
    if (key !== "consent" && key !== "marketing" && isLeadField(kind, key)) values[key as keyof FormValues] = fields[key];
  }
  return values;
}
