import type { LoanKind, PaymentStage } from "#app/vocabulary.ts";
import { daysBetween } from "./schedule-days.ts";

/**
 * A buyer's payments, worked out from the office's price sheet: one pure module, so the public
 * page's table (rendered on the server) and its calculator (in the browser) can never disagree.
 * Amounts are whole won (numbers; the largest 분양가 is far below 2^53); the interest products,
 * which can pass 2^53, are computed in BigInt.
 *
 * Rounding, as the page states it (PRICE_WORDS.rounding):
 * - each payment is the price × its percentage, 원 미만 버림; 잔금 takes what is left, so the
 *   payments always add up to the price exactly;
 * - each 중도금's loan is the payment × the financed share, 원 미만 버림;
 * - monthly interest is the loan outstanding × the yearly rate ÷ 12, 원 미만 버림;
 * - 이자후불제's total is each loan × the yearly rate × its days to 입주 ÷ 365, each 원 미만 버림.
 */

/** One price band: floors `from` to `to` (inclusive), a 분양가 in won per unit type key (null: not sold there). */
export interface PriceBand {
  from: number;
  to: number;
  prices: Record<string, number | null>;
}

export interface ScheduledPayment {
  stage: PaymentStage;
  /** Its number within the stage: 계약금 1차 and 2차, 중도금 1–6회; 1 for 잔금. */
  round: number;
  /** Whole percent of the price. */
  percent: number;
  /** "YYYY-MM-DD", or null: due at 입주. */
  dueOn: string | null;
}

export interface LoanTerms {
  kind: LoanKind;
  /** Whole percent of each 중도금 the loan pays. */
  share: number;
  /** The yearly rate the calculator starts from, in basis points (4.5% is 450). */
  rateBasisPoints: number;
}

/** What the office publishes: the 분양가 table, the 납부 일정 and the 중도금 대출 terms. */
export interface PriceSheet {
  /** Unit type keys, in the table's column order (the pack's types the office prices). */
  types: string[];
  bands: PriceBand[];
  payments: ScheduledPayment[];
  loan: LoanTerms;
  /** 입주 예정일 ("YYYY-MM-DD"): payments due at 입주 and 이자후불제 interest run to it. */
  moveInOn: string | null;
}

/** The 분양가 of a type on a floor, in won; null when no band covers the floor or the type is not sold there. */
export function priceFor(sheet: Pick<PriceSheet, "bands">, type: string, floor: number): number | null {
  return sheet.bands[bandOfFloor(sheet, floor)]?.prices[type] ?? null;
}

/** The index of the band covering a floor (-1: none), as the calculator's `band` choice counts them. */
export function bandOfFloor(sheet: Pick<PriceSheet, "bands">, floor: number): number {
  return sheet.bands.findIndex((candidate) => candidate.from <= floor && floor <= candidate.to);
}

export interface PaymentLine extends ScheduledPayment {
  amount: number;
  /** The part a 중도금 loan pays (0 for other stages, and when the office declares no loan). */
  loan: number;
  /** The part the buyer pays from their own money. */
  own: number;
}

export interface LoanLine {
  round: number;
  dueOn: string | null;
  loan: number;
  /** Loans taken so far, this one included. */
  outstanding: number;
  /** Interest a month on what is outstanding from this payment on (0 when interest-free). */
  monthlyInterest: number;
  /** Days from this loan to 입주 (null when either date is unknown). */
  daysToMoveIn: number | null;
  /** Interest this loan runs up by 입주 (이자후불제); 0 when interest-free or the days are unknown. */
  interestToMoveIn: number;
}

export interface PaymentPlan {
  price: number;
  payments: PaymentLine[];
  loans: LoanLine[];
  totalLoan: number;
  /** Interest a month once every loan is taken. */
  fullMonthlyInterest: number;
  /** 이자후불제: the interest paid at 입주, estimated; 0 otherwise. */
  deferredInterest: number;
  /** Some 이자후불제 loan has no date or there is no 입주 date, so the total leaves it out. */
  deferredInterestIncomplete: boolean;
}

/** The sum of the schedule's percentages (the editor refuses anything but 100). */
export function percentTotal(payments: readonly Pick<ScheduledPayment, "percent">[]) {
  return payments.reduce((sum, payment) => sum + payment.percent, 0);
}

/**
 * Every payment of a unit at `price` won: amount, date, the loan's part of each 중도금, the monthly
 * interest at `rateBasisPoints` (the buyer's rate; the office's when omitted) and the interest
 * 이자후불제 defers to 입주.
 */
export function paymentPlan(
  sheet: Pick<PriceSheet, "payments" | "loan" | "moveInOn">,
  price: number,
  rateBasisPoints: number = sheet.loan.rateBasisPoints,
): PaymentPlan {
  const lastIndex = sheet.payments.length - 1;
  let assigned = 0;
  const payments = sheet.payments.map((payment, index): PaymentLine => {
    const amount = index === lastIndex ? price - assigned : floorDiv(BigInt(price) * BigInt(payment.percent), 100n);
    assigned += amount;
    const loan = payment.stage === "interim" && sheet.loan.kind !== "none" ? floorDiv(BigInt(amount) * BigInt(sheet.loan.share), 100n) : 0;
    return { ...payment, amount, loan, own: amount - loan };
  });

  const charged = sheet.loan.kind === "deferred-interest" ? BigInt(rateBasisPoints) : 0n;
  let outstanding = 0;
  let incomplete = false;
  const loans = payments
    .filter((payment) => payment.loan > 0)
    .map((payment): LoanLine => {
      outstanding += payment.loan;
      const days = payment.dueOn && sheet.moveInOn ? Math.max(0, daysBetween(payment.dueOn, sheet.moveInOn)) : null;
      if (days === null && charged > 0n) incomplete = true;
      return {
        round: payment.round,
        dueOn: payment.dueOn,
        loan: payment.loan,
        outstanding,
        monthlyInterest: floorDiv(BigInt(outstanding) * charged, 10_000n * 12n),
        daysToMoveIn: days,
        interestToMoveIn: days === null ? 0 : floorDiv(BigInt(payment.loan) * charged * BigInt(days), 10_000n * 365n),
      };
    });

  return {
    price,
    payments,
    loans,
    totalLoan: outstanding,
    fullMonthlyInterest: floorDiv(BigInt(outstanding) * charged, 10_000n * 12n),
    deferredInterest: loans.reduce((sum, line) => sum + line.interestToMoveIn, 0),
    deferredInterestIncomplete: incomplete,
  };
}

function floorDiv(numerator: bigint, denominator: bigint): number {
  return Number(numerator / denominator);
}

/** A rate typed by a buyer ("4.5", "4.25%"), in basis points; null when it is not a rate from 0 to 30%. */
export function readRate(text: string): number | null {
  const match = /^\s*(\d{1,2})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints <= 3_000 ? basisPoints : null;
}

/** Basis points as a rate a person reads ("4.5", "4.25", "0"). */
export function rateText(basisPoints: number) {
  return String(basisPoints / 100);
}
