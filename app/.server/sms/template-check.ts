import { PURPOSE_VARIABLES, TEMPLATE_PURPOSE_LABELS, TEMPLATE_VARIABLES } from "#app/forms/message-templates.ts";
import type { AlimtalkPurpose } from "#app/vocabulary.ts";
import { textPack } from "../content/site-settings.ts";
import { leadMessages } from "../leads/messages.ts";
import type { OutgoingSms } from "../outbox/queue.ts";
import { bookingSms, waitlistSms } from "../visits/messages.ts";
import { matchingTemplate } from "./templates.ts";

/**
 * Whether a template matches what the site sends today: each text of its purpose is worded from
 * the pack with the office's settings, for a made-up customer, and checked the way the outbox
 * checks a real one. A template that matches none would never be used: the console says so.
 */

const SAMPLE_LEAD = { id: 0, name: "김하늘", phone: "01012345678", receiptNumber: "DG-20261208-0001" };
const SAMPLE_BOOKING = {
  id: 0,
  leadId: 0,
  name: "김하늘",
  phone: "01012345678",
  startsAt: new Date("2026-12-08T05:00:00Z"),
  linkToken: "sample",
  receiptNumber: SAMPLE_LEAD.receiptNumber,
};
const SAMPLE_WAITING = { ...SAMPLE_BOOKING, holdUntil: new Date("2026-12-08T03:30:00Z") };

/** The texts of a purpose as the site words them now, each with what the console calls it. */
async function currentTexts(site: string, purpose: AlimtalkPurpose): Promise<{ label: string; message: OutgoingSms }[]> {
  const pack = await textPack(site);
  switch (purpose) {
    case "confirmation":
      return [
        { label: "관심고객 등록 확인", message: leadMessages(pack, { ...SAMPLE_LEAD, kind: "interest" }, [])[0]! },
        { label: "방문예약 접수 확인", message: leadMessages(pack, { ...SAMPLE_LEAD, kind: "visit" }, [])[0]! },
        { label: "고객문의 접수 확인", message: leadMessages(pack, { ...SAMPLE_LEAD, kind: "inquiry" }, [])[0]! },
        { label: "방문 예약 확정", message: bookingSms(pack, "confirmation", SAMPLE_BOOKING) },
      ];
    case "reminder":
      return [{ label: "방문 전날 안내", message: bookingSms(pack, "reminder", SAMPLE_BOOKING) }];
    case "day-closed":
      return [{ label: "예약일 마감 안내", message: bookingSms(pack, "day-closed", SAMPLE_BOOKING) }];
    case "visit-cancelled":
      return [{ label: "예약 취소 안내", message: bookingSms(pack, "visit-cancelled", SAMPLE_BOOKING) }];
    case "staff":
      return [{ label: "새 접수 직원 알림", message: leadMessages(pack, { ...SAMPLE_LEAD, kind: "interest" }, ["01000000000"])[1]! }];
    case "reminder-today":
    case "no-show":
      return [{ label: TEMPLATE_PURPOSE_LABELS[purpose], message: bookingSms(pack, purpose, SAMPLE_BOOKING) }];
    case "waitlist-joined":
    case "waitlist-offer":
      return [{ label: TEMPLATE_PURPOSE_LABELS[purpose], message: waitlistSms(pack, purpose, SAMPLE_WAITING) }];
  }
}

/** The site's texts this template would carry as 알림톡 today (none: it would never be used). */
export async function textsMatching(site: string, template: { purpose: AlimtalkPurpose; body: string }): Promise<string[]> {
  const texts = await currentTexts(site, template.purpose);
  return texts.filter(({ message }) => matchingTemplate([template], message.body, message.variables ?? {})).map(({ label }) => label);
}

/**
 * What to submit to Kakao for review so that the site's texts of this purpose go as 알림톡: each
 * text's wording in the pack with its placeholders written as the purpose's `#{변수}`.
 */
export async function suggestedTemplates(site: string, purpose: AlimtalkPurpose): Promise<{ label: string; body: string }[]> {
  const pack = await textPack(site);
  const variableOf = new Map<string, string>(
    PURPOSE_VARIABLES[purpose].map((name) => [TEMPLATE_VARIABLES[name], name] as [string, string]),
  );
  const asTemplate = (text: string) =>
    text.replace(/\{(\w+)\}/g, (whole, key: string) => (variableOf.has(key) ? `#{${variableOf.get(key)}}` : whole));
  const { sms, visits } = pack.leads;
  switch (purpose) {
    case "confirmation":
      return [
        { label: "접수 확인(관심고객·방문예약·고객문의)", body: asTemplate(sms.confirmation) },
        { label: "방문 예약 확정", body: asTemplate(visits.sms.booked) },
      ];
    case "reminder":
      return [{ label: "방문 전날 안내", body: asTemplate(visits.sms.reminder) }];
    case "day-closed":
      return [{ label: "예약일 마감 안내", body: asTemplate(visits.sms.dayClosed) }];
    case "visit-cancelled":
      return [{ label: "예약 취소 안내", body: asTemplate(visits.sms.cancelled) }];
    case "staff":
      return [{ label: "새 접수 직원 알림", body: asTemplate(sms.staff) }];
    case "reminder-today":
      return [{ label: TEMPLATE_PURPOSE_LABELS[purpose], body: asTemplate(visits.sms.reminderToday) }];
    case "no-show":
      return [{ label: TEMPLATE_PURPOSE_LABELS[purpose], body: asTemplate(visits.sms.noShow) }];
    case "waitlist-joined":
      return [{ label: TEMPLATE_PURPOSE_LABELS[purpose], body: asTemplate(visits.sms.waitlistJoined) }];
    case "waitlist-offer":
      return [{ label: TEMPLATE_PURPOSE_LABELS[purpose], body: asTemplate(visits.sms.waitlistOffer) }];
  }
}
