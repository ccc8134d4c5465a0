import { josa } from "es-hangul";

/** The particle pairs es-hangul chooses between ("을/를", "이/가", "은/는", "으로/로", "와/과", …). */
export type ParticlePair = Parameters<typeof josa.pick>[1];

// How a Korean reader says the last digit or letter: a particle follows the sound, not the glyph.
const DIGITS = ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"] as const;
// Trailing zeros name a place: 10 is 십, 100 백, 1000 천, then 만 up to 억 and 조.
const PLACES = ["", "십", "백", "천", "만", "만", "만", "만", "억", "억", "억", "억", "조"] as const;
const LETTERS: Record<string, string> = {
  a: "이",
  b: "비",
  c: "씨",
  d: "디",
  e: "이",
  f: "프",
  g: "지",
  h: "치",
  i: "이",
  j: "이",
  k: "이",
  l: "엘",
  m: "엠",
  n: "엔",
  o: "오",
  p: "피",
  q: "큐",
  r: "알",
  s: "스",
  t: "티",
  u: "유",
  v: "이",
  w: "유",
  x: "스",
  y: "이",
  z: "지",
};

/** The syllable a word ends on when read aloud: Hangul as written, a number or a Latin letter as said. */
function lastSound(word: string): string {
  const letters = word.replace(/[^0-9A-Za-z가-힣]+$/u, "");
  const last = letters.at(-1);
  if (last === undefined) return "";
  if (/[가-힣]/u.test(last)) return last;
  if (/[0-9]/.test(last)) {
    const digits = /[0-9]+$/.exec(letters)![0];
    const nonZero = digits.replace(/0+$/, "");
    if (nonZero === "") return DIGITS[0];
    const zeros = digits.length - nonZero.length;
    return zeros === 0 ? DIGITS[Number(last)]! : (PLACES[Math.min(zeros, PLACES.length - 1)] ?? "조");
  }
  return LETTERS[last.toLowerCase()]!;
}

/**
 * The word with the particle its sound takes: "계약 서류를", "공고문을", "84A를", "PDF를", "서울로".
 * Use it wherever a name is put into a sentence instead of writing "을(를)".
 */
export function withParticle(word: string, pair: ParticlePair): string {
  return `${word}${josa.pick(lastSound(word), pair)}`;
}
