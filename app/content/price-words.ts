import type { LoanKind, PaymentStage } from "#app/vocabulary.ts";

/**
 * Words of the 분양가 page (/SalesInfo/price) and its calculator, the same for every pack, and the
 * way it writes won. No schema library here: the calculator ships to phones (decision 020).
 */

/** Where the 분양가 table and the calculator are (a pack page; the console and the 잔여세대 page link to it). */
export const PRICE_PATH = "/SalesInfo/price";

export const PAYMENT_STAGE_LABELS: Record<PaymentStage, string> = { deposit: "계약금", interim: "중도금", balance: "잔금" };

export const LOAN_KIND_LABELS: Record<LoanKind, string> = {
  none: "안내 없음",
  "deferred-interest": "이자후불제",
  "interest-free": "무이자",
};

/** "계약금 1차", "중도금 3회", "잔금"; a single 계약금 is just "계약금". */
export function paymentLabel(stage: PaymentStage, round: number, roundsInStage: number) {
  if (stage === "balance" || roundsInStage === 1) return PAYMENT_STAGE_LABELS[stage];
  return `${PAYMENT_STAGE_LABELS[stage]} ${round}${stage === "deposit" ? "차" : "회"}`;
}

/** A day as the notice prints it: "2027. 6. 15."; null (due at 입주) as "입주 시". */
export function dueText(dueOn: string | null) {
  if (dueOn === null) return "입주 시";
  const [year, month, day] = dueOn.split("-").map(Number);
  return `${year}. ${month}. ${day}.`;
}

// By hand rather than toLocaleString: the server and every browser must print the same figure.
const group = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * Won the way a 분양 notice speaks: 억 and 만 units, the rest in won ("4억 5,870만원",
 * "458만 7,000원", "0원"). Exact: nothing is rounded away.
 */
export function formatWon(won: number) {
  if (won === 0) return "0원";
  const sign = won < 0 ? "-" : "";
  let rest = Math.abs(won);
  const eok = Math.floor(rest / 100_000_000);
  rest -= eok * 100_000_000;
  const man = Math.floor(rest / 10_000);
  const below = rest - man * 10_000;
  const parts = [eok > 0 ? `${group(eok)}억` : "", man > 0 ? `${group(man)}만` : "", below > 0 ? group(below) : ""].filter(Boolean);
  return `${sign}${parts.join(" ")}원`;
}

/** A price in 만원 as the table prints it: "45,870". */
export function manwonFigure(won: number) {
  return group(Math.floor(won / 10_000));
}

/** "2–5층", or "3층" for a band of one floor. */
export function bandLabel(band: { from: number; to: number }) {
  return band.from === band.to ? `${band.from}층` : `${band.from}–${band.to}층`;
}

/** The full figure in won, for the table's second line and screen readers: "458,700,000원". */
export function fullWon(won: number) {
  return `${group(won)}원`;
}

export const PRICE_WORDS = {
  pageTitle: "분양가와 납부 일정",
  tableTitle: "분양가표",
  tableCaption: "주택형·층별 분양가 (단위: 만원, 부가가치세 포함)",
  floorColumn: "층",
  notSold: "—",
  scheduleTitle: "납부 일정",
  scheduleColumns: { payment: "구분", due: "납부 시기", percent: "비율" },
  total: "합계",
  loanTitle: "중도금 대출",
  loanLine: (kind: LoanKind, share: number) =>
    kind === "none"
      ? "중도금 대출 조건은 입주자 모집공고를 확인해 주세요."
      : `중도금의 ${share}%를 대출로 납부할 수 있습니다 (${LOAN_KIND_LABELS[kind]}).`,
  loanKindNote: {
    none: "",
    "deferred-interest": "이자후불제: 중도금 대출 이자를 입주 때 한꺼번에 냅니다. 그때까지 이자는 쌓입니다.",
    "interest-free": "무이자: 중도금 대출 이자를 사업주체가 부담하므로 계약자가 낼 이자가 없습니다.",
  } satisfies Record<LoanKind, string>,
  moveIn: (day: string | null) => (day ? `입주 예정: ${dueText(day)}` : "입주 예정일은 입주자 모집공고를 확인해 주세요."),
  calculatorTitle: "납부금 계산기",
  calculatorIntro: "주택형과 층을 고르면 분양가와 회차별 납부금, 중도금 대출 이자를 계산해 드립니다.",
  calculatorNeedsScript: "계산기는 자바스크립트가 켜져 있어야 움직입니다. 위 표의 분양가와 납부 비율로도 계산하실 수 있습니다.",
  typeLabel: "주택형",
  bandLabel: "층",
  rateLabel: "대출 금리 (연 %)",
  rateHint: "은행과 시기에 따라 다릅니다. 직접 바꿔 보세요.",
  rateInvalid: "0에서 30 사이의 금리를 숫자로 넣어 주세요 (예: 4.5).",
  price: "분양가",
  calculate: "계산하기",
  notSoldThere: (type: string, band: string) => `${band}에는 ${type} 주택형이 없습니다. 다른 층을 골라 주세요.`,
  planCaption: (type: string, band: string) => `${type} · ${band} 납부금`,
  loanCaption: "중도금 대출 회차별 이자",
  planColumns: { payment: "구분", due: "납부 시기", percent: "비율", amount: "금액", loan: "대출", own: "자납" },
  loanColumns: { round: "회차", loan: "대출금", outstanding: "대출 잔액", monthly: "월 이자" },
  totalLoan: "중도금 대출 합계",
  fullMonthly: "모든 회차 대출 후 월 이자",
  deferredTotal: "입주 때 낼 이자 (추정)",
  deferredIncomplete: "날짜가 정해지지 않은 회차의 이자는 빠져 있습니다.",
  interestFree: "무이자: 계약자가 낼 이자는 0원입니다.",
  estimate:
    "이 계산은 참고용 추정치입니다. 분양가, 납부 일정과 대출 조건은 입주자 모집공고가 우선하며, 실제 이자는 대출 은행의 금리와 실행일에 따라 달라집니다.",
  notice: "입주자 모집공고 보기",
  rounding:
    "계산 방법: 회차별 금액은 분양가 × 비율에서 원 미만을 버리고 남는 금액은 잔금에 더합니다. 대출금은 중도금 × 대출 비율, 월 이자는 대출 잔액 × 연 금리 ÷ 12, 이자후불제 이자는 회차별 대출금 × 연 금리 × 입주까지의 날수 ÷ 365이며 모두 원 미만은 버립니다.",
  upcomingLabel: "분양가 공고 예정",
  upcomingText: "분양가와 납부 일정은 입주자 모집공고와 함께 이 페이지에 안내해 드립니다. 그 전에 궁금한 점은 분양 상담으로 문의해 주세요.",
} as const;
