import * as z from "zod";
import { isCalendarDay, kstInstant } from "#app/utils/kst.ts";
import { safeLink } from "#app/utils/safe-link.ts";
import { wholeNumber } from "./numbers.ts";
import { withoutControlCharacters, withoutControlCharactersExceptLineBreaks } from "./text.ts";

/** Where a notice popup shows. Client-safe: the console's form and the public overlay share it. */
export const POPUP_DEVICES = ["all", "desktop", "phone"] as const;
export type PopupDevices = (typeof POPUP_DEVICES)[number];

export const POPUP_DEVICE_LABELS: Record<PopupDevices, string> = {
  all: "PC와 휴대폰",
  desktop: "PC에서만",
  phone: "휴대폰에서만",
};

export const POPUP_TITLE_MAX = 100;
export const POPUP_BODY_MAX = 2000;
export const POPUP_LINK_MAX = 500;

export const POPUP_MESSAGES = {
  titleRequired: "제목을 입력해 주세요.",
  titleTooLong: `제목은 ${POPUP_TITLE_MAX}자 이내로 입력해 주세요.`,
  bodyTooLong: `내용은 ${POPUP_BODY_MAX}자 이내로 입력해 주세요.`,
  link: "링크는 https://로 시작하는 주소나 /로 시작하는 이 사이트의 경로만 넣을 수 있습니다.",
  day: "날짜를 2026-11-24처럼 실제 있는 날짜로 입력해 주세요.",
  time: "시각을 09:00처럼 입력해 주세요.",
  endBeforeStart: "종료 일시는 시작 일시보다 뒤여야 합니다.",
  order: "순서는 0에서 999 사이의 숫자로 입력해 주세요.",
  devices: "보여 줄 기기를 골라 주세요.",
} as const;

const day = z.string().refine((value) => isCalendarDay(value), POPUP_MESSAGES.day);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, POPUP_MESSAGES.time);

export const PopupSchema = z
  .object({
    title: z
      .string({ error: POPUP_MESSAGES.titleRequired })
      .transform((value) => withoutControlCharacters(value).trim())
      .pipe(z.string().min(1, POPUP_MESSAGES.titleRequired).max(POPUP_TITLE_MAX, POPUP_MESSAGES.titleTooLong)),
    body: z
      .string()
      .default("")
      .transform((value) => withoutControlCharactersExceptLineBreaks(value).replace(/\r\n?/g, "\n").trim())
      .pipe(z.string().max(POPUP_BODY_MAX, POPUP_MESSAGES.bodyTooLong)),
    // An https address or a path on this site, kept as a browser will read it (app/utils/safe-link.ts).
    linkUrl: z
      .string()
      .default("")
      .transform((value, context) => {
        if (withoutControlCharacters(value).trim() === "") return null;
        const link = value.length <= POPUP_LINK_MAX ? safeLink(value) : null;
        if (link !== null && link.length <= POPUP_LINK_MAX) return link;
        context.addIssue({ code: "custom", message: POPUP_MESSAGES.link, input: value });
        return z.NEVER;
      }),
    startDay: day,
    startTime: time,
    endDay: day,
    endTime: time,
    sortOrder: wholeNumber({ min: 0, max: 999, message: POPUP_MESSAGES.order }),
    devices: z.enum(POPUP_DEVICES, { error: POPUP_MESSAGES.devices }),
  })
  .transform(({ startDay, startTime, endDay, endTime, ...rest }) => ({
    ...rest,
    startsAt: kstInstant(startDay, startTime),
    endsAt: kstInstant(endDay, endTime),
  }))
  .refine((popup) => popup.endsAt.getTime() > popup.startsAt.getTime(), { message: POPUP_MESSAGES.endBeforeStart, path: ["endDay"] });

export type PopupInput = z.output<typeof PopupSchema>;

/** A popup as the public overlay receives it from /popups.json. */
export interface PublicPopup {
  id: number;
  title: string;
  body: string;
  linkUrl: string | null;
  devices: PopupDevices;
  image: {
    src: string;
    width: number;
    height: number;
    sources: { type: "image/avif" | "image/webp"; srcSet: string }[];
  } | null;
}

/** What /popups.json answers: the popups showing now, and a midnight in Korea (ms since 1970) to count days from. */
export interface PopupsAnswer {
  popups: PublicPopup[];
  koreanMidnight: number;
}

/**
 * Which of the editor's buttons posted: 저장 (also Enter in a field, or no button at all), 삭제, or
 * 다시 처리 for an image that failed. Only a save has fields, read by PopupSchema.
 */
export const PopupIntentSchema = z.object({ intent: z.enum(["save", "delete", "retry-image"]).optional().default("save") });
