/**
 * The ad-copy check (issue #31): phrases 분양 advertising must not carry, or not without the fact
 * that makes them true, each with its reason and where the rule comes from. Declared once and
 * client-safe: the console's editors warn as the office types, the server checks every save again,
 * and the content test reads every pack's own words with it (docs/advertising.md lists the sources).
 */

const LAW = "「표시·광고의 공정화에 관한 법률」 제3조 제1항(거짓·과장, 기만 광고)";
const NOTICE = "공정거래위원회 「부당한 표시·광고행위의 유형 및 기준 지정고시」";

export interface RiskyPhrase {
  /** Stable key, kept in access records. */
  id: string;
  /** The phrase as the warning names it. */
  phrase: string;
  /** Matches the phrase with or without spaces and in its common spellings (text is normalized first). */
  pattern: RegExp;
  /**
   * The sentence around a match that makes it acceptable (a date for 마감 임박, a basis for 도보 N분).
   * Absent: the phrase is never acceptable in an advertisement.
   */
  acceptableWith?: { pattern: RegExp; needs: string };
  reason: string;
  source: string;
}

const DATE = /\d{4}\s*[.\-/년]\s*\d{1,2}|\d{1,2}\s*월\s*\d{1,2}\s*일|\d{1,2}\s*[./]\s*\d{1,2}\s*\(/;

export const RISKY_PHRASES = [
  {
    id: "guaranteed-return",
    phrase: "확정수익",
    pattern: /확정\s*(?:된\s*)?(?:임대\s*)?수익|수익\s*(?:이\s*|을\s*)?확정/,
    reason: "분양 상품의 수익은 시장에 달려 있어 확정될 수 없습니다. 수익이 정해진 것처럼 알리면 거짓·과장 광고입니다.",
    source: `${LAW}; ${NOTICE}`,
  },
  {
    id: "return-guarantee",
    phrase: "수익보장",
    pattern: /수익\s*(?:률\s*)?(?:을\s*|이\s*)?(?:\d+(?:\.\d+)?\s*%\s*)?보장|보장\s*(?:된|하는)\s*수익/,
    reason: "수익을 보장하는 주체와 조건(계약서)이 없으면 보장이라고 말할 수 없습니다.",
    source: `${LAW}; ${NOTICE}`,
  },
  {
    id: "principal-guarantee",
    phrase: "원금보장",
    pattern: /원금\s*(?:을\s*|이\s*)?(?:100\s*%\s*)?보장|보장\s*(?:된|하는)\s*원금/,
    reason: "분양대금은 예금이 아니어서 원금을 보장할 수 없습니다. 원금 보장은 투자 권유로 읽혀 기만 광고가 됩니다.",
    source: `${LAW}; 「유사수신행위의 규제에 관한 법률」 제3조`,
  },
  {
    id: "capital-gain-guarantee",
    phrase: "시세차익 보장",
    pattern: /시세\s*차익\s*(?:을\s*|이\s*)?(?:\d[\d,.]*\s*(?:억|천만|만)?\s*원?\s*)?(?:보장|확정|예상|기대)/,
    reason: "앞으로의 시세는 누구도 정할 수 없습니다. 시세차익을 보장하거나 금액으로 예상하면 과장 광고입니다.",
    source: `${LAW}; 공정거래위원회 분양광고 시정명령 사례(시세차익·투자가치 과장)`,
  },
  {
    id: "premium-guarantee",
    phrase: "프리미엄 보장",
    pattern: /(?:프리미엄|웃돈)\s*(?:을\s*|이\s*)?(?:\d[\d,.]*\s*(?:억|천만|만)?\s*원?\s*)?(?:보장|확정)/,
    reason: "분양권 프리미엄(웃돈)은 거래 시장에서 정해지며 누구도 보장할 수 없습니다.",
    source: `${LAW}; ${NOTICE}`,
  },
  {
    id: "rent-guarantee",
    phrase: "임대수익 보장·책임임대",
    pattern: /책임\s*임대|임대\s*(?:수익|료)\s*(?:을\s*|이\s*)?(?:보장|지급\s*보장)/,
    reason:
      "임대를 책임지거나 임대료를 보장한다고 하려면 그 약정의 주체·기간·조건을 함께 밝혀야 하며, 광고 문구만으로는 기만 광고가 됩니다.",
    source: `${LAW}; 공정거래위원회 수익형 부동산 광고 시정명령 사례`,
  },
  {
    id: "unconditional",
    phrase: "무조건",
    pattern: /무\s*조건(?!부)/,
    reason: "당첨·계약·수익이 조건 없이 된다는 말은 사실일 수 없어 과장 광고가 됩니다. 실제 조건을 적어 주세요.",
    source: NOTICE,
  },
  {
    id: "hundred-percent",
    phrase: "100% 당첨·분양",
    pattern: /100\s*%\s*(?:당첨|분양|계약|수익|완판)/,
    reason: "청약 당첨과 분양률은 정해져 있지 않습니다. 100%라고 하면 거짓 광고입니다.",
    source: `${LAW}; ${NOTICE}`,
  },
  {
    id: "closing-soon",
    phrase: "마감 임박",
    pattern: /마감\s*(?:이\s*)?임박|곧\s*마감|마감\s*직전/,
    acceptableWith: { pattern: DATE, needs: "마감 날짜(예: 12월 15일 마감 임박)" },
    reason: "날짜 없는 마감 임박은 서두르게 만드는 기만 광고로 봅니다. 실제 마감 날짜를 같은 문장에 적어 주세요.",
    source: `${NOTICE}; 공정거래위원회 분양광고 시정명령 사례(허위 마감 임박)`,
  },
  {
    id: "sold-out-soon",
    phrase: "완판 임박",
    pattern: /완판\s*(?:이\s*)?(?:임박|직전|눈앞)|분양\s*완료\s*임박/,
    reason: "실제 계약률을 근거로 할 수 없는 완판 임박은 거짓·과장 광고입니다. 남은 세대 수를 그대로 알려 주세요.",
    source: `${LAW}; ${NOTICE}`,
  },
  {
    id: "transit-plan",
    phrase: "개통 예정",
    pattern: /(?:개통|신설|연장|착공)\s*예정/,
    acceptableWith: { pattern: /확정|고시|승인|공사\s*중/, needs: "확정·고시된 계획이라는 근거(예: 국토교통부 고시)" },
    reason: "확정되지 않은 교통 계획을 확정된 것처럼 알리면 과장 광고입니다. 고시·승인된 계획인지와 그 근거를 같은 문장에 적어 주세요.",
    source: `${LAW}; 공정거래위원회 분양광고 시정명령 사례(미확정 교통망을 확정된 것처럼 표시)`,
  },
  {
    id: "walking-time",
    phrase: "도보 N분",
    pattern: /(?:도보|걸어서)\s*(?:약\s*)?\d+\s*분|(?:차량|자동차|차)\s*(?:로\s*)?(?:약\s*)?\d+\s*분\s*(?:거리|이내|내)/,
    acceptableWith: { pattern: /기준/, needs: "거리와 측정 기준(예: 약 650m, 네이버 지도 기준)" },
    reason: "도보·차량 시간은 거리와 측정 기준 없이 쓰면 과장으로 봅니다. 같은 문장에 기준을 적어 주세요.",
    source: `${NOTICE}; 공정거래위원회 분양광고 시정명령 사례(근거 없는 소요 시간)`,
  },
  {
    id: "exclusive-claim",
    phrase: "최초·유일·최대(근거 없이)",
    pattern: /(?:국내|전국|업계|지역|지역\s*내|대구|수원|광교|동대구)\s*(?:최초|유일|최대|최고|1위|No\.?\s*1)/i,
    acceptableWith: { pattern: /기준|출처|조사/, needs: "비교 대상과 근거(예: ○○ 조사 기준)" },
    reason: "다른 단지와 비교해 최초·유일·최대라고 하려면 객관적 근거를 함께 밝혀야 합니다(배타적 표시).",
    source: `${NOTICE}(배타성을 띤 절대적 표현)`,
  },
  {
    id: "lottery",
    phrase: "로또 분양",
    pattern: /로또\s*(?:분양|청약|아파트|당첨)/,
    reason: "당첨만 되면 큰 차익을 얻는다는 뜻이어서 시세차익 보장과 같은 과장 광고가 됩니다.",
    source: `${LAW}; ${NOTICE}`,
  },
] as const satisfies readonly RiskyPhrase[];

export type RiskyPhraseId = (typeof RISKY_PHRASES)[number]["id"];

export interface AdCopyWarning {
  id: RiskyPhraseId;
  /** The words as written in the text. */
  found: string;
  message: string;
}

/** Zero-width characters and full-width forms people paste from word processors must not hide a phrase. */
function normalized(text: string) {
  return text.normalize("NFKC").replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, "");
}

/** The sentence around `index`: a match is judged with the words next to it, not the whole article. */
function sentenceAround(text: string, index: number, length: number) {
  const ends = [...text.matchAll(/[!?。\n]|\.(?!\d)/g)].map((end) => end.index);
  const start = ends.filter((end) => end < index).reduce((last, end) => Math.max(last, end + 1), 0);
  const stop = ends.find((end) => end >= index + length) ?? text.length;
  return text.slice(start, stop + 1);
}

/** Every risky phrase in `text`, in the list's order, each once (its first unacceptable use). */
export function findRiskyPhrases(text: string): AdCopyWarning[] {
  const plain = normalized(text);
  const warnings: AdCopyWarning[] = [];
  for (const entry of RISKY_PHRASES as readonly RiskyPhrase[]) {
    for (const match of plain.matchAll(new RegExp(entry.pattern.source, `g${entry.pattern.flags.replace("g", "")}`))) {
      const sentence = sentenceAround(plain, match.index, match[0].length);
      if (entry.acceptableWith?.pattern.test(sentence)) continue;
      warnings.push({ id: entry.id as RiskyPhraseId, found: match[0], message: adCopyMessage(entry, match[0]) });
      break;
    }
  }
  return warnings;
}

function adCopyMessage(entry: RiskyPhrase, found: string) {
  const needs = entry.acceptableWith ? ` 필요한 것: ${entry.acceptableWith.needs}.` : "";
  return `광고 문구 주의 「${found.trim()}」(${entry.phrase}): ${entry.reason}${needs}`;
}

/** The warnings of each field of a form, by field name (fields without any are left out). */
export function adCopyWarningsOf(fields: Record<string, string | null | undefined>): Record<string, AdCopyWarning[]> {
  const found: Record<string, AdCopyWarning[]> = {};
  for (const [name, value] of Object.entries(fields)) {
    const warnings = value ? findRiskyPhrases(value) : [];
    if (warnings.length > 0) found[name] = warnings;
  }
  return found;
}

/** The confirmation box every editor adds when its words carry a warning. */
export const AD_COPY_CONFIRM_FIELD = "adCopyConfirmed";

export const AD_COPY_MESSAGES = {
  confirmLabel: "광고 문구 경고를 확인했고, 근거가 있어 이대로 게시합니다(대표·관리자 확인).",
  confirmHint: "확인한 사람과 경고 내용은 접속 기록에 남습니다.",
  confirmNeeded: "광고 문구 경고가 있어 저장하지 않았습니다. 문구를 고치거나, 근거가 있으면 대표·관리자가 확인란에 체크해 주세요.",
  revertConfirmNeeded: "광고 문구 경고가 있어 되돌리지 않았습니다. 근거가 있으면 대표·관리자가 확인란에 체크한 뒤 다시 되돌려 주세요.",
  confirmRefused: "광고 문구 경고를 넘겨 게시하는 확인은 대표와 관리자만 할 수 있습니다. 문구를 고치거나 관리자에게 요청해 주세요.",
  liveTitle: "광고 문구 확인",
} as const;
