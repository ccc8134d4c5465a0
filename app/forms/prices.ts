import { z } from "zod";
import { paymentLabel } from "#app/content/price-words.ts";
import { isCalendarDay } from "#app/utils/kst.ts";
import { percentTotal, rateText, readRate, type PriceBand, type PriceSheet, type ScheduledPayment } from "#app/utils/payment-plan.ts";
import { LOAN_KINDS, type PaymentStage } from "#app/vocabulary.ts";

/**
 * The price editor's form (/admin/prices): the 분양가 table as floor bands × the pack's unit types
 * (in 만원, as a notice prints it), the 납부 일정 in fixed rows (계약금 in one or two parts,
 * 중도금 1–6회, 잔금), the 중도금 loan terms and the 입주 date. Fixed rows keep it one plain form
 * that works without scripts; an empty row is not used. Every problem is told beside its field.
 */

/** How many floor bands the editor offers (a development prices by 4–6 bands; blank ones are left out). */
export const BAND_SLOTS = 8;
/** Prices are typed in 만원; this many won is one. */
export const WON_PER_MANWON = 10_000;
const PRICE_MAX_MANWON = 1_000_000;
const FLOOR_MAX = 200;

/** The schedule's rows, in the order they are paid. */
export const PAYMENT_SLOTS: ReadonlyArray<{ stage: PaymentStage; round: number; required: boolean }> = [
  { stage: "deposit", round: 1, required: true },
  { stage: "deposit", round: 2, required: false },
  ...[1, 2, 3, 4, 5, 6].map((round) => ({ stage: "interim" as const, round, required: false })),
  { stage: "balance", round: 1, required: true },
];

export const PAYMENT_SLOT_LABELS = PAYMENT_SLOTS.map((slot) => paymentLabel(slot.stage, slot.round, 2));

export const PRICE_MESSAGES = {
  floor: `층은 1부터 ${FLOOR_MAX} 사이의 숫자로 넣어 주세요.`,
  floorOrder: "끝 층은 시작 층과 같거나 높아야 합니다.",
  overlap: (from: number, to: number) => `${from}–${to}층 구간과 겹칩니다. 층 구간은 서로 겹치지 않게 나눠 주세요.`,
  price: "분양가는 만원 단위의 숫자로 넣어 주세요 (예: 45870, 100억 원까지).",
  bandWithoutPrice: "이 구간에 분양가를 하나 이상 넣거나 층도 비워 주세요.",
  priceWithoutFloors: "분양가를 넣은 구간에는 시작 층과 끝 층을 넣어 주세요.",
  noBands: "분양가를 한 구간 이상 넣어 주세요.",
  percent: "비율은 1부터 100 사이의 정수(%)로 넣어 주세요.",
  percentRequired: (label: string) => `${label} 비율을 넣어 주세요.`,
  due: "납부일을 2027-06-15처럼 실제 있는 날짜로 넣거나 '입주 시'를 고르세요.",
  dueTwice: "날짜와 '입주 시' 중 하나만 고르세요.",
  dueWithoutPercent: "비율이 없는 회차는 쓰지 않는 회차입니다. 날짜를 지우거나 비율을 넣어 주세요.",
  dueOrder: "앞 회차보다 이른 날짜입니다. 납부일은 회차 순서대로 넣어 주세요.",
  sum: (total: number) => `납부 비율의 합계가 100%여야 합니다. 지금 합계는 ${total}%입니다.`,
  share: "대출 비율은 0부터 100 사이의 정수(%)로 넣어 주세요.",
  rate: "금리는 0부터 30 사이의 숫자로 넣어 주세요 (예: 4.5).",
  moveIn: "입주 예정일을 2029-03-01처럼 실제 있는 날짜로 넣거나 비워 두세요.",
  moveInRequired: "이자후불제 이자를 계산하려면 입주 예정일이 필요합니다.",
  moveInOrder: "입주 예정일은 마지막 납부일과 같거나 그 뒤여야 합니다.",
  notPublished: "사이트에 공개된 분양가가 없습니다.",
} as const;

const text = z.string().trim().optional().default("");

const BLANK_BAND = { from: "", to: "", prices: [] as string[] };
const BLANK_PAYMENT = { percent: "", dueOn: "", atMoveIn: undefined };
// A row of which nothing was posted (a hand-made post) is blank rather than an error. No transforms
// here: Conform reads each field's constraints through these objects.
const BandSchema = z.object({ from: text, to: text, prices: z.array(text).max(40).optional().default([]) }).optional();
const PaymentSchema = z.object({ percent: text, dueOn: text, atMoveIn: z.string().optional() }).optional();

const SheetFields = {
  bands: z.array(BandSchema).max(BAND_SLOTS).optional().default([]),
  payments: z.array(PaymentSchema).max(PAYMENT_SLOTS.length).optional().default([]),
  loanKind: z.enum(LOAN_KINDS, { error: "대출 조건을 목록에서 골라 주세요." }),
  loanShare: text,
  loanRate: text,
  moveInOn: text,
};

type SheetForm = z.output<z.ZodObject<typeof SheetFields>>;

/** The sheet the form describes, without its type keys (the pack's, added by the route); prices in won. */
export type PriceSheetInput = Omit<PriceSheet, "types" | "bands"> & {
  bands: Array<Omit<PriceBand, "prices"> & { prices: Array<number | null> }>;
};

function wholeIn(value: string, min: number, max: number): number | null {
  const digits = value.replaceAll(",", "");
  if (!/^\d{1,9}$/.test(digits)) return null;
  const number = Number(digits);
  return number >= min && number <= max ? number : null;
}

const isBlankBand = (band: NonNullable<SheetForm["bands"][number]>) =>
  band.from === "" && band.to === "" && band.prices.every((price) => price === "");

/** Every check at once, each beside its field; returns the sheet when there was nothing to say. */
function checkSheet(form: SheetForm, context: z.core.$RefinementCtx<unknown>): PriceSheetInput | null {
  let ok = true;
  const issue = (path: (string | number)[], message: string) => {
    ok = false;
    context.addIssue({ code: "custom", path, message });
  };

  const bands: PriceSheetInput["bands"] = [];
  form.bands.forEach((posted, index) => {
    const band = posted ?? BLANK_BAND;
    if (isBlankBand(band)) return;
    const from = wholeIn(band.from, 1, FLOOR_MAX);
    const to = wholeIn(band.to, 1, FLOOR_MAX);
    const missingFloors = band.from === "" && band.to === "";
    if (missingFloors) issue(["bands", index, "from"], PRICE_MESSAGES.priceWithoutFloors);
    else {
      if (from === null) issue(["bands", index, "from"], PRICE_MESSAGES.floor);
      if (to === null) issue(["bands", index, "to"], PRICE_MESSAGES.floor);
      if (from !== null && to !== null && to < from) issue(["bands", index, "to"], PRICE_MESSAGES.floorOrder);
    }
    const prices = band.prices.map((price, column) => {
      if (price === "") return null;
      const manwon = wholeIn(price, 1, PRICE_MAX_MANWON);
      if (manwon === null) issue(["bands", index, "prices", column], PRICE_MESSAGES.price);
      return manwon === null ? null : manwon * WON_PER_MANWON;
    });
    if (band.prices.every((price) => price === "")) issue(["bands", index, "prices"], PRICE_MESSAGES.bandWithoutPrice);
    if (from === null || to === null || to < from) return;
    const other = bands.find((earlier) => earlier.from <= to && from <= earlier.to);
    if (other) issue(["bands", index, "from"], PRICE_MESSAGES.overlap(other.from, other.to));
    bands.push({ from, to, prices });
  });
  if (form.bands.every((band) => band === undefined || isBlankBand(band))) issue(["bands"], PRICE_MESSAGES.noBands);

  const payments: ScheduledPayment[] = [];
  let lastDue = null as string | null;
  PAYMENT_SLOTS.forEach((slot, index) => {
    const row = form.payments[index] ?? BLANK_PAYMENT;
    const atMoveIn = row.atMoveIn === "on";
    if (row.percent === "") {
      if (slot.required) issue(["payments", index, "percent"], PRICE_MESSAGES.percentRequired(PAYMENT_SLOT_LABELS[index]!));
      else if (row.dueOn !== "" || atMoveIn) issue(["payments", index, "dueOn"], PRICE_MESSAGES.dueWithoutPercent);
      return;
    }
    const percent = wholeIn(row.percent, 1, 100);
    if (percent === null) issue(["payments", index, "percent"], PRICE_MESSAGES.percent);
    let dueOn: string | null = null;
    if (row.dueOn !== "" && atMoveIn) issue(["payments", index, "dueOn"], PRICE_MESSAGES.dueTwice);
    else if (!atMoveIn) {
      if (isCalendarDay(row.dueOn)) {
        dueOn = row.dueOn;
        if (lastDue !== null && dueOn < lastDue) issue(["payments", index, "dueOn"], PRICE_MESSAGES.dueOrder);
        lastDue = dueOn;
      } else issue(["payments", index, "dueOn"], PRICE_MESSAGES.due);
    }
    payments.push({ stage: slot.stage, round: slot.round, percent: percent ?? 0, dueOn });
  });
  const total = percentTotal(payments);
  if (payments.every((payment) => payment.percent > 0) && total !== 100) issue(["payments"], PRICE_MESSAGES.sum(total));

  const kind = form.loanKind;
  const share = kind === "none" ? 0 : wholeIn(form.loanShare, 0, 100);
  if (share === null) issue(["loanShare"], PRICE_MESSAGES.share);
  const rateBasisPoints = form.loanRate === "" && kind !== "deferred-interest" ? 0 : readRate(form.loanRate);
  if (rateBasisPoints === null) issue(["loanRate"], PRICE_MESSAGES.rate);

  let moveInOn: string | null = null;
  if (form.moveInOn !== "") {
    if (isCalendarDay(form.moveInOn)) moveInOn = form.moveInOn;
    else issue(["moveInOn"], PRICE_MESSAGES.moveIn);
  } else if (kind === "deferred-interest") issue(["moveInOn"], PRICE_MESSAGES.moveInRequired);
  if (moveInOn !== null && lastDue !== null && moveInOn < lastDue) issue(["moveInOn"], PRICE_MESSAGES.moveInOrder);

  if (!ok) return null;
  // Rounds are renumbered within their stage: 중도금 1, 2 and 4 filled in are 1회, 2회 and 3회.
  const counted = new Map<PaymentStage, number>();
  const renumbered = payments.map((payment) => {
    const round = (counted.get(payment.stage) ?? 0) + 1;
    counted.set(payment.stage, round);
    return { ...payment, round };
  });
  return {
    bands: bands.sort((a, b) => a.from - b.from),
    payments: renumbered,
    loan: { kind, share: share ?? 0, rateBasisPoints: rateBasisPoints ?? 0 },
    moveInOn,
  };
}

const sheetPost = <Intent extends "save" | "publish">(intent: Intent) =>
  z.object({ intent: z.literal(intent), ...SheetFields }).transform((form, context) => {
    const sheet = checkSheet(form, context);
    return sheet === null ? z.NEVER : { intent: form.intent, sheet };
  });

/** The editor's fields, for the page's form (its constraints and the shape of its values). */
export const PriceSheetFieldsSchema = z.object({ intent: z.enum(["save", "publish"]), ...SheetFields });

/** Save the draft, save and publish it, or take the published sheet off the site. */
export const PriceSheetFormSchema = z.discriminatedUnion("intent", [
  sheetPost("save"),
  sheetPost("publish"),
  z.object({ intent: z.literal("withdraw") }),
]);

/** The sheet with its price columns named by the pack's unit types (a column past them is dropped). */
export function withTypes(input: PriceSheetInput, types: readonly string[]): PriceSheet {
  return {
    ...input,
    types: [...types],
    bands: input.bands.map((band) => ({
      from: band.from,
      to: band.to,
      prices: Object.fromEntries(types.map((type, column) => [type, band.prices[column] ?? null])),
    })),
  };
}

/** A saved sheet as the form's values, the pack's types as its columns; blank rows up to the slots. */
export function formValuesOf(sheet: PriceSheet | null, types: readonly string[]) {
  const bands = (sheet?.bands ?? []).map((band) => ({
    from: String(band.from),
    to: String(band.to),
    prices: types.map((type) => {
      const won = band.prices[type];
      return won == null ? "" : String(won / WON_PER_MANWON);
    }),
  }));
  const blankBand = { from: "", to: "", prices: types.map(() => "") };
  const payments = PAYMENT_SLOTS.map((slot) => {
    const payment = sheet?.payments.filter((candidate) => candidate.stage === slot.stage)[slot.round - 1];
    if (!payment) return { percent: "", dueOn: "", atMoveIn: undefined };
    return { percent: String(payment.percent), dueOn: payment.dueOn ?? "", atMoveIn: payment.dueOn === null ? "on" : undefined };
  });
  return {
    bands: [...bands, ...Array.from({ length: Math.max(0, BAND_SLOTS - bands.length) }, () => blankBand)].slice(0, BAND_SLOTS),
    payments,
    loanKind: sheet?.loan.kind ?? "none",
    loanShare: sheet && sheet.loan.kind !== "none" ? String(sheet.loan.share) : "",
    loanRate: sheet && sheet.loan.kind === "deferred-interest" ? rateText(sheet.loan.rateBasisPoints) : "",
    moveInOn: sheet?.moveInOn ?? "",
  };
}

/** The editor's own words (/admin/prices). */
export const PRICE_EDITOR_WORDS = {
  title: "분양가·납부 일정",
  viewPublic: "공개 페이지 보기",
  intro:
    "입주자 모집공고의 분양가표와 납부 일정을 옮겨 적습니다. 저장만 하면 사이트에 나오지 않고, ‘저장하고 공개’를 누르면 분양가 페이지에 바로 나옵니다. 저장과 공개는 모두 접속 기록에 남습니다.",
  done: {
    saved: "저장했습니다. 아직 사이트에는 공개하지 않았습니다.",
    published: "저장하고 공개했습니다. 분양가 페이지에 바로 반영됩니다.",
    withdrawn: "사이트에서 분양가를 내렸습니다. 분양가 페이지는 ‘공고 예정’ 안내로 돌아갑니다.",
  },
  publishedAt: (at: string, by: string | null) => `공개 중: ${at}${by ? ` (${by})` : ""}`,
  notPublished: "아직 사이트에 공개하지 않았습니다. 분양가 페이지는 ‘공고 예정’ 안내를 보여 줍니다.",
  draftDiffers: (at: string, by: string | null) => `공개하지 않은 저장 내용이 있습니다: ${at}${by ? ` (${by})` : ""}`,
  errorSummary: (count: number) => `${count}개 항목을 확인해 주세요. 아무것도 저장하지 않았습니다.`,
  tableLegend: "분양가표 (만원)",
  tableHint: (slots: number) =>
    `층 구간마다 주택형별 분양가를 만원 단위로 넣습니다 (4억 5,870만원은 45870). 그 층에 없는 주택형은 비워 둡니다. 구간은 ${slots}개까지, 빈 구간은 쓰지 않습니다.`,
  band: (number: number) => `층 구간 ${number}`,
  from: "시작 층",
  to: "끝 층",
  price: (type: string) => `${type} 분양가`,
  scheduleLegend: "납부 일정",
  scheduleHint:
    "회차마다 분양가에 대한 비율(%)과 납부일을 넣습니다. 입주 때 내는 회차는 ‘입주 시’를 고릅니다. 쓰지 않는 회차는 비워 두며, 비율의 합계는 100%여야 합니다.",
  percent: "비율 (%)",
  dueOn: "납부일",
  atMoveIn: "입주 시",
  loanLegend: "중도금 대출과 입주",
  loanKind: "중도금 대출 조건",
  loanShare: "대출 비율 (중도금의 %)",
  loanShareHint: "중도금 중 대출로 낼 수 있는 몫. 60%를 모두 대출하면 100.",
  loanRate: "안내 금리 (연 %)",
  loanRateHint: "계산기가 처음 보여 줄 금리입니다. 방문자가 바꿔 볼 수 있습니다. 이자후불제일 때 필요합니다.",
  moveInOn: "입주 예정일",
  moveInOnHint: "이자후불제 이자는 이 날까지 계산합니다.",
  save: "저장",
  publish: "저장하고 공개",
  withdraw: "사이트에서 내리기",
  withdrawHint: "공개한 분양가를 사이트에서 내립니다. 저장한 내용은 남아 있어 다시 공개할 수 있습니다.",
} as const;

/**
 * A post with every row's fields, those missing as empty: what a browser sends for this form, so a
 * refused post answered to a hand-made one still draws every band, price and payment slot.
 */
export function everyPriceField(form: FormData, typeCount: number): FormData {
  const complete = new FormData();
  for (const [name, value] of form) complete.append(name, value);
  const names = [
    ...Array.from({ length: BAND_SLOTS }, (_, band) => [
      `bands[${band}].from`,
      `bands[${band}].to`,
      ...Array.from({ length: typeCount }, (_, column) => `bands[${band}].prices[${column}]`),
    ]).flat(),
    ...PAYMENT_SLOTS.flatMap((_, index) => [`payments[${index}].percent`, `payments[${index}].dueOn`]),
  ];
  for (const name of names) if (!complete.has(name)) complete.set(name, "");
  return complete;
}
