import { z } from "zod";
import type { SitePack } from "#app/content/types.ts";
import { formatPhone, normalizePhone } from "#app/utils/phone.ts";
import { parseCoordinates } from "#app/utils/maps.ts";
import { safeLink } from "#app/utils/safe-link.ts";
import { wholeNumber } from "./numbers.ts";
import { withoutControlCharacters } from "./text.ts";
import { PRIVACY_MESSAGES, RETENTION_PERIOD_PATTERN } from "./privacy.ts";
import { isCalendarDay } from "#app/utils/kst.ts";

/**
 * What the office may change about its site without a developer (issue #18), declared once: each
 * field's check, its Korean label, and which value of the content pack it overrides. An empty
 * field means "the pack's value"; the analytics tags have no pack value, so empty means "off".
 * Client-safe: the console page renders the labels and hints, the server parses with the schemas.
 */

const FIELD_MAX = 200;

/** Sales lines as Korean offices publish them: mobile, Seoul and area codes, 070, and 15xx/16xx/18xx lines. */
const KOREAN_PHONE = /^(?:01[016789]\d{7,8}|02\d{7,8}|0[3-9]\d{8,9}|050\d{8,9}|1[5-9]\d{6})$/;

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

/** The sales phone's check, also a channel's own number (app/forms/channels.ts). */
export const SalesPhoneSchema = phone;

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

/** "35.87970, 128.62860": latitude, then longitude, in Korea (app/utils/maps.ts reads it). */
const coordinates = line.pipe(
  z
    .string()
    .refine(
      (value) => parseCoordinates(value) !== null,
      "위도, 경도 순서로 입력해 주세요. 예: 35.87970, 128.62860 (카카오맵에서 장소를 누르면 나오는 좌표)",
    ),
);

/** The Kakao Maps JavaScript key (앱 키 › JavaScript 키): 32 hexadecimal characters. */
const kakaoMapKey = line.pipe(
  z
    .string()
    .regex(/^[0-9a-f]{32}$/, "카카오 개발자 사이트의 내 애플리케이션 › 앱 키에서 JavaScript 키(영문 소문자·숫자 32자)를 복사해 주세요."),
);

/** An image the office uploaded (its /uploads/… address, as the popups page shows it). */
const uploadedImage = line
  // The address as a browser copies it (with the site's host) is kept as the path the pages use.
  .transform((value) => value.replace(/^https?:\/\/[^/]+(?=\/uploads\/)/, ""))
  .pipe(
    z
      .string()
      .regex(
        /^\/uploads\/\d{1,9}-[0-9a-f]{64}\.(?:jpg|png|webp|avif)$/,
        "이 사이트에 올린 이미지의 주소를 붙여 넣어 주세요. 공지 팝업 편집 화면에서 이미지를 길게 누르거나 오른쪽 클릭해 ‘이미지 주소 복사’를 하면 됩니다.",
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
  modelHouseCoordinates: {
    label: "견본주택 좌표",
    hint: "입력하면 입지 안내의 오시는 길과 고객의 예약 확인 화면·캘린더의 지도 링크가 이 지점을 가리킵니다(T map 버튼도 나타남). 비우면 주소로 찾고, 문자의 지도 링크는 늘 주소로 찾습니다.",
    schema: coordinates,
  },
  siteCoordinates: {
    label: "현장 좌표",
    hint: "입지 안내의 오시는 길에서 현장(바닥글의 현장 주소) 위치를 지도 앱으로 여는 데 씁니다.",
    schema: coordinates,
  },
  parkingInfo: {
    label: "주차 안내",
    hint: "입지 안내의 오시는 길. 예: 견본주택 옆 전용 주차장 40대, 만차 시 공영주차장 이용",
    schema: line,
  },
  transitInfo: {
    label: "대중교통 안내",
    hint: "입지 안내의 오시는 길. 예: 지하철 1호선 동대구역 3번 출구 도보 5분",
    schema: line,
  },
  kakaoMapKey: {
    label: "카카오맵 JavaScript 키",
    hint: "입력하면 입지 안내에 움직이는 카카오 지도가 나타납니다(카카오 개발자 사이트에 이 사이트 주소를 등록해야 합니다). 비우면 지도 스크립트를 불러오지 않습니다.",
    schema: kakaoMapKey,
  },
  staticMapImage: {
    label: "약도 이미지",
    hint: "지도 키 없이 약도 그림을 보여 줄 때, 공지 팝업으로 올린 이미지의 주소. 지도 키가 있으면 움직이는 지도를 보여 줍니다.",
    schema: uploadedImage,
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
  permitNumber: {
    label: "사업승인·건축허가 번호와 일자",
    hint: "분양 광고 표시 사항(바닥글, 사업개요). 예: 대구광역시 동구청 건축허가 제2025-건축과-0000호 (2025.03.02)",
    schema: line,
  },
  landOwnership: {
    label: "대지소유권 확보 여부",
    hint: "분양 광고 표시 사항(바닥글, 사업개요). 예: 대지소유권 100% 확보(소유권 이전 등기 완료)",
    schema: line,
  },
  escrow: {
    label: "분양대금 관리 방법과 신탁사",
    hint: "분양 광고 표시 사항(바닥글, 사업개요). 예: ○○자산신탁(주)과 대리사무계약, 분양대금 전용계좌로 관리",
    schema: line,
  },
  seismicDesign: {
    label: "내진 설계 (오피스텔)",
    hint: "오피스텔을 분양하면 반드시 표시합니다(바닥글, 사업개요). 예: 내진설계 적용(내진능력 VII-0.204g)",
    schema: line,
  },
  onlineSubscription: {
    label: "인터넷 청약 여부",
    hint: "분양 광고 표시 사항(바닥글, 사업개요). 예: 청약홈(www.applyhome.co.kr) 인터넷 청약",
    schema: line,
  },
  representative: {
    label: "대표자",
    hint: "상호(분양 사업자)의 대표자 이름(바닥글, 사업개요)",
    schema: shortLine(40),
  },
  businessNumber: {
    label: "사업자등록번호",
    hint: "바닥글, 사업개요. 예: 123-45-67890",
    schema: line.pipe(
      z
        .string()
        .transform((value) => value.replace(/\D/g, ""))
        .refine((digits) => digits.length === 10, "사업자등록번호는 숫자 10자리입니다. 예: 123-45-67890")
        .transform((digits) => `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`),
    ),
  },
  mailOrderNumber: {
    label: "통신판매업 신고번호",
    hint: "신고한 경우에만 입력합니다(바닥글, 사업개요). 예: 제2025-대구동구-0000호",
    schema: line,
  },
  adAgency: {
    label: "광고 대행사",
    hint: "광고를 대행사가 만들면 그 상호를 입력합니다(바닥글, 사업개요).",
    schema: line,
  },
  salesEndDate: {
    label: "분양 종료일",
    hint: "개인정보 보유 기간의 기준일. 분양 종료 후 보관 기간과 함께 입력하면 수집일 기준 기간 대신 이 날짜부터 셉니다. 예: 2027-06-30",
    schema: line.pipe(z.string().refine((value) => isCalendarDay(value), PRIVACY_MESSAGES.salesEnd)),
  },
  retentionAfterSalesEnd: {
    label: "분양 종료 후 보관 기간",
    hint: "분양 종료일부터 고객 정보를 보관할 기간. 동의문과 개인정보처리방침에 나오고, 지나면 자동 파기합니다. 예: 6개월",
    schema: line.pipe(z.string().regex(RETENTION_PERIOD_PATTERN, PRIVACY_MESSAGES.retentionPeriod)),
  },
  optOutService: {
    label: "080 수신거부 서비스 업체",
    hint: "광고 문자의 무료 수신거부 번호를 운영하는 업체의 상호. 입력하면 개인정보처리방침의 위탁 업체에 나옵니다.",
    schema: line,
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
export const SITE_SETTING_GROUPS: { title: string; id?: string; fields: SiteSettingName[] }[] = [
  { title: "상담 연락처", fields: ["salesPhone", "consultationHours", "kakaoChannelUrl", "mobileConsultUrl"] },
  { title: "견본주택", fields: ["modelHouseAddress", "modelHouseHours"] },
  {
    title: "오시는 길",
    fields: ["modelHouseCoordinates", "siteCoordinates", "parkingInfo", "transitInfo", "kakaoMapKey", "staticMapImage"],
  },
  { title: "분양 안내와 문자", fields: ["remainingUnitsLine", "textSenderName", "kakaoPfId"] },
  { title: "바닥글 회사 정보", fields: ["companyName", "companyAddress", "developer", "builder"] },
  {
    title: "분양 광고 표시 사항",
    id: "disclosures",
    fields: [
      "permitNumber",
      "landOwnership",
      "escrow",
      "seismicDesign",
      "onlineSubscription",
      "representative",
      "businessNumber",
      "mailOrderNumber",
      "adAgency",
    ],
  },
  { title: "개인정보 보유 기간과 위탁", id: "privacy", fields: ["salesEndDate", "retentionAfterSalesEnd", "optOutService"] },
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
  z
    .object({
      intent: z.literal("save"),
      ...(Object.fromEntries(SITE_SETTING_NAMES.map((name) => [name, settingField(SITE_SETTING_FIELDS[name].schema)])) as Record<
        SiteSettingName,
        ReturnType<typeof settingField>
      >),
    })
    // The development's retention counts from a day by a period: one without the other says nothing.
    .refine((values) => (values.salesEndDate === null) === (values.retentionAfterSalesEnd === null), {
      message: PRIVACY_MESSAGES.retentionPair,
      path: ["retentionAfterSalesEnd"],
      when: () => true,
    }),
  z.object({ intent: z.literal("revert"), change: wholeNumber() }),
]);

/** A stored or default value as a person reads it (phone numbers with dashes). */
export function displaySetting(name: SiteSettingName, value: string): string {
  return name === "salesPhone" ? formatPhone(value) : value;
}
