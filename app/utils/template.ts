import { withParticle, type ParticlePair } from "./particles.ts";

/**
 * How a template writes a particle that depends on the value before it, as Korean forms write it
 * ("{salesPhone}(으)로", "{staffName}이(가)"), and the pair it stands for. Longest first, so
 * "(으)로부터" is not read as "(으)로".
 */
const WRITTEN_PARTICLES: [written: string, pair: ParticlePair][] = [
  ["(으)로부터", "으로부터/로부터"],
  ["(으)로서", "으로서/로서"],
  ["(으)로써", "으로써/로써"],
  ["(으)로", "으로/로"],
  ["(이)나", "이나/나"],
  ["(이)란", "이란/란"],
  ["(이)랑", "이랑/랑"],
  ["(이)라", "이라/라"],
  ["이(가)", "이/가"],
  ["가(이)", "이/가"],
  ["을(를)", "을/를"],
  ["를(을)", "을/를"],
  ["은(는)", "은/는"],
  ["는(은)", "은/는"],
  ["과(와)", "와/과"],
  ["와(과)", "와/과"],
  ["아(야)", "아/야"],
];

const PAIR_OF = new Map(WRITTEN_PARTICLES);
const escape = (text: string) => text.replace(/[()]/g, "\\$&");
const PLACEHOLDER = new RegExp(`\\{(\\w+)\\}(${WRITTEN_PARTICLES.map(([written]) => escape(written)).join("|")})?`, "g");

/**
 * Fills a content pack's template: each `{name}` becomes `values.name`, and a particle written
 * after it as "(으)로", "을(를)", "이(가)" … becomes the one the value takes ("1661-0000으로",
 * "1588-1234로"): a number or name is not known when the template is written. A placeholder with no
 * value is left as written, particle and all, so a typo shows in the message instead of vanishing
 * from it.
 */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (whole, key: string, particle: string | undefined) => {
    if (!Object.hasOwn(values, key)) return whole;
    const value = values[key]!;
    return particle === undefined ? value : withParticle(value, PAIR_OF.get(particle)!);
  });
}
