import { z } from "zod";
import type { SitePack } from "#app/content/types.ts";
import { formatPhone, normalizePhone } from "#app/utils/phone.ts";
import { safeLink } from "#app/utils/safe-link.ts";
import { wholeNumber } from "./numbers.ts";
import { withoutControlCharacters } from "./text.ts";

/**
 * What the office may change about its site without a developer (issue #18), declared once: each
 * field's check, its Korean label, and which value of the content pack it overrides. An empty
 * field means "the pack's value"; the analytics tags have no pack value, so empty means "off".
 * Client-safe: the console page renders the labels and hints, the server parses with the schemas.
 */

const FIELD_MAX = 200;

/** Sales lines as Korean offices publish them: mobile, Seoul and area codes, 070, and 15xx/16xx/18xx lines. */
const KOREAN_PHONE = /^(?:01[016789]\d{7,8}|02\d{7,8}|0[3-9]\d{8,9}|1[5-9]\d{6})$/;

const line = z
  .string()
  .transform(withoutControlCharacters)
  .transform((value) => value.trim())
  .pipe(z.string().max(FIELD_MAX, `${FIELD_MAX}자 이내로 입력해 주세요.`));

/**
 * 060 numbers are premium-rate (information services billed to the caller): a sales line there
 * would charge every buyer who calls. 050 (personal numbers) and 070 (internet phones) are fine.
 */
export const PREMIUM_RATE_PREFIX = "060";
export const PREMIUM_RATE_MESSAGE =
  "060으로 시작하는 번호는 전화 건 사람에게 정보이용료가 붙는 유료 번호라 분양문의 전화로 쓸 수 없습니다. 대표번호(1661-0000), 지역번호, 휴대전화, 050·070 번호를 입력해 주세요.";

const phone = line.pipe(
  z
    .string()
    .transform(normalizePhone)
    .refine((digits) => !digits.startsWith(PREMIUM_RATE_PREFIX), { message: PREMIUM_RATE_MESSAGE, abort: true })
    .refine((digits) => KOREAN_PHONE.test(digits), "전화번호 형식이 올바르지 않습니다. 예: 1661-0000, 02-123-4567, 010-1234-5678"),
);

const kakaoChannel = line.pipe(
  z.string().refine((value) => {
    const link = safeLink(value, { paths: false });
    const url = link === null ? undefined : new URL(link);
    return url?.hostname === "pf.kakao.com" && /^\/_[A-Za-z0-9]+(?:\/chat)?\/?$/.test(url.pathname);
  }, "카카오톡 채널 주소는 https://pf.kakao.com/_로 시작해야 합니다. 예: https://pf.kakao.com/_abcDEF"),
);

/** A link the office pastes from its consultation tool: https only, no credentials in it. */
const httpsUrl = line.pipe(
  z
    .string()
    .refine(
      (value) => safeLink(value, { paths: false }) !== null,
      "https://로 시작하는 주소를 입력해 주세요. 예: https://talk.example.co.kr/consult",
    ),
);

const shortLine = (max: number) => line.pipe(z.string().max(max, `${max}자 이내로 입력해 주세요.`));

const tagId = (pattern: RegExp, example: string) =>
  line.pipe(z.string().refine((value) => pattern.test(value), `형식이 올바르지 않습니다. 예: ${example}`));

export interface SiteSettingField {
  label: string;
  /** Shown under the field: what the value is for, and where the public pages show it. */
  hint: string;
  schema: z.ZodType<string, string>;
  /** The pack's value this field replaces (undefined: the field has no default and is off when empty). */
  fromPack?: (pack: SitePack) => string;
  intoPack?: (pack: SitePack, value: string) => SitePack;
}

export const SITE_SETTING_FIELDS = {
  salesPhone: {
    label: "분양문의 전화",
    hint: "머리글, 모바일 하단 바, 바닥글과 상담 페이지의 전화 버튼, 고객에게 가는 확인 문자",
    schema: phone,
    fromPack: (pack) => pack.phone,
    intoPack: (pack, value) => ({ ...pack, phone: value }),
  },
  consultationHours: {
    label: "상담 가능 시간",
    hint: "홈, 방문예약, 고객문의 페이지의 전화 안내",
    schema: line,
    fromPack: (pack) => pack.consultationHours,
    intoPack: (pack, value) => ({ ...pack, consultationHours: value }),
  },
  modelHouseAddress: {
    label: "견본주택 주소",
    hint: "홈, 방문예약, 고객문의 페이지의 견본주택 안내와 확인·예약 문자",
    schema: line,
    fromPack: (pack) => pack.modelHouse.address,
    intoPack: (pack, value) => ({ ...pack, modelHouse: { ...pack.modelHouse, address: value } }),
  },
  modelHouseHours: {
    label: "견본주택 운영시간",
    hint: "홈, 방문예약, 고객문의 페이지의 견본주택 안내와 확인 문자",
    schema: line,
    fromPack: (pack) => pack.modelHouse.hours,
    intoPack: (pack, value) => ({ ...pack, modelHouse: { ...pack.modelHouse, hours: value } }),
  },
  kakaoChannelUrl: {
    label: "카카오톡 채널 주소",
    hint: "입력하면 바닥글과 모바일 하단 바에 카카오톡 상담 버튼이 나타납니다.",
    schema: kakaoChannel,
  },
  mobileConsultUrl: {
    label: "모바일 상담 링크",
    hint: "입력하면 머리글의 '모바일 상담'이 상담 문의 페이지 대신 이 주소를 열고, 모바일 하단 바에도 버튼이 나타납니다(https:// 주소).",
    schema: httpsUrl,
  },
  remainingUnitsLine: {
    label: "잔여세대 안내",
    hint: "입력하면 홈 첫 화면의 단지명 아래와 머리글에 한 줄로 나타납니다(잔여세대 설정이 「이 문구 그대로」일 때, 기본값). 예: 잔여세대 12세대 선착순 분양 중",
    schema: shortLine(60),
  },
  kakaoPfId: {
    label: "카카오 알림톡 발신 프로필(pfId)",
    hint: "솔라피에 연동한 카카오 채널의 pfId. 입력하고 알림톡 템플릿을 등록하면 확인·안내 문자가 알림톡으로 가고, 받지 못하는 번호에는 문자로 갑니다.",
    schema: line.pipe(
      z
        .string()
        .regex(
          /^(?:KA01PF[A-Za-z0-9]{8,40})?$/,
          "pfId는 KA01PF로 시작하는 영문·숫자입니다. 솔라피 카카오 채널 관리 화면에서 복사해 주세요.",
        ),
    ),
  },
  textSenderName: {
    label: "문자 머리말",
    hint: "확인·예약 문자, 상담 문자와 직원 알림의 첫머리(광고 문자는 (광고) 바로 뒤). 예: [동대구 온빛채 센트럴]",
    schema: shortLine(40),
    fromPack: (pack) => pack.leads.sms.senderName,
    intoPack: (pack, value) => ({ ...pack, leads: { ...pack.leads, sms: { ...pack.leads.sms, senderName: value } } }),
  },
  companyName: {
    label: "상호",
    hint: "바닥글",
    schema: line,
    fromPack: (pack) => pack.company.name,
    intoPack: (pack, value) => ({ ...pack, company: { ...pack.company, name: value } }),
  },
  companyAddress: {
    label: "현장 주소",
    hint: "바닥글",
    schema: line,
    fromPack: (pack) => pack.company.address,
    intoPack: (pack, value) => ({ ...pack, company: { ...pack.company, address: value } }),
  },
  developer: {
    label: "시행",
    hint: "바닥글",
    schema: line,
    fromPack: (pack) => pack.developer,
    intoPack: (pack, value) => ({ ...pack, developer: value }),
  },
  builder: {
    label: "시공",
    hint: "바닥글",
    schema: line,
    fromPack: (pack) => pack.builder,
    intoPack: (pack, value) => ({ ...pack, builder: value }),
  },
  ga4MeasurementId: {
    label: "GA4 측정 ID",
    hint: "Google 애널리틱스 4",
    schema: tagId(/^G-[A-Z0-9]{4,16}$/, "G-AB12CD34EF"),
  },
  naverAnalyticsId: {
    label: "네이버 애널리틱스 ID",
    hint: '네이버 애널리틱스 공통 스크립트의 wcs_add["wa"] 값',
    schema: tagId(/^[A-Za-z0-9_]{6,40}$/, "s_1a2b3c4d5e6f"),
  },
  metaPixelId: {
    label: "메타 픽셀 ID",
    hint: "Facebook·Instagram 광고 전환 추적",
    schema: tagId(/^\d{8,20}$/, "123456789012345"),
  },
  kakaoPixelId: {
    label: "카카오 픽셀 ID",
    hint: "카카오모먼트 광고 전환 추적",
    schema: tagId(/^\d{8,25}$/, "1234567890123456789"),
  },
} as const satisfies Record<string, SiteSettingField>;

export type SiteSettingName = keyof typeof SITE_SETTING_FIELDS;
export const SITE_SETTING_NAMES = Object.keys(SITE_SETTING_FIELDS) as SiteSettingName[];

/** The console form's sections, in order. */
export const SITE_SETTING_GROUPS: { title: string; fields: SiteSettingName[] }[] = [
  { title: "상담 연락처", fields: ["salesPhone", "consultationHours", "kakaoChannelUrl", "mobileConsultUrl"] },
  { title: "견본주택", fields: ["modelHouseAddress", "modelHouseHours"] },
  { title: "분양 안내와 문자", fields: ["remainingUnitsLine", "textSenderName", "kakaoPfId"] },
  { title: "바닥글 회사 정보", fields: ["companyName", "companyAddress", "developer", "builder"] },
  { title: "광고·분석 태그", fields: ["ga4MeasurementId", "naverAnalyticsId", "metaPixelId", "kakaoPixelId"] },
];

/** The overrides a site has: only fields set to something other than the pack's value. */
export type SiteSettingValues = Partial<Record<SiteSettingName, string>>;

/** A setting as the form posts it: empty (or only spaces) is no override (null), anything else its field's check. */
function settingField(schema: z.ZodType<string, string>) {
  return z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value : undefined))
    .pipe(schema.optional())
    .transform((value) => value ?? null);
}

/**
 * The settings page's two posts: saving every field at once (every error in Korean, beside its
 * field) and reverting one recorded change.
 */
export const SiteSettingsFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    ...(Object.fromEntries(SITE_SETTING_NAMES.map((name) => [name, settingField(SITE_SETTING_FIELDS[name].schema)])) as Record<
      SiteSettingName,
      ReturnType<typeof settingField>
    >),
  }),
  z.object({ intent: z.literal("revert"), change: wholeNumber() }),
]);

/** A stored or default value as a person reads it (phone numbers with dashes). */
export function displaySetting(name: SiteSettingName, value: string): string {
  return name === "salesPhone" ? formatPhone(value) : value;
}
