import type { SitePack } from "#app/content/types.ts";
import { formatPhone, maskPhone } from "#app/utils/phone.ts";
import { fill } from "#app/utils/template.ts";
import type { LeadKind } from "#app/vocabulary.ts";
import type { OutgoingSms } from "../outbox/queue.ts";
import { optOutLine } from "../sms/advertising.ts";

/**
 * The visitor's confirmation and one note per staff number, worded by `site`: the content pack with
 * the office's overrides applied (site-settings.ts `textPack`), so a changed sales phone is in the next text.
 */
export function leadMessages(
  site: SitePack,
  lead: { id: number; kind: LeadKind; name: string; phone: string; receiptNumber?: string | null },
  staffRecipients: string[],
): OutgoingSms[] {
  const { sms, kindLabels } = site.leads;
  const confirmationValues = {
    senderName: sms.senderName,
    maskedName: maskName(lead.name),
    headline: sms.headlines[lead.kind],
    modelHouseAddress: site.modelHouse.address,
    modelHouseHours: site.modelHouse.hours,
    salesPhone: formatPhone(site.phone),
    optOut: optOutLine(sms),
    receiptNumber: lead.receiptNumber ?? "",
  };
  const staffValues = {
    senderName: sms.senderName,
    kindLabel: kindLabels[lead.kind],
    maskedName: maskName(lead.name),
    maskedPhone: maskPhone(lead.phone),
  };
  const confirmation = fill(sms.confirmation, confirmationValues);
  const staff = fill(sms.staff, staffValues);
  // The values go along so an approved 알림톡 template can be checked against the text (sms/templates.ts).
  return [
    { site: site.slug, leadId: lead.id, purpose: "confirmation", recipient: lead.phone, body: confirmation, variables: confirmationValues },
    ...staffRecipients.map((recipient) => ({
      site: site.slug,
      leadId: lead.id,
      purpose: "staff" as const,
      recipient,
      body: staff,
      variables: staffValues,
    })),
  ];
}

/**
 * The note to a person that leads were given to them: masked names and the kind, never a full
 * name or number, and a link to sign in and see the lead (several: their "내 고객" list).
 */
export function assignmentMessage(
  site: SitePack,
  origin: string,
  recipient: string,
  given: { id: number; name: string; kind: LeadKind }[],
): OutgoingSms {
  const { sms, kindLabels } = site.leads;
  const [first] = given;
  const who = `${maskName(first!.name)}(${kindLabels[first!.kind]})${given.length > 1 ? ` 외 ${given.length - 1}명` : ""}`;
  const link = given.length === 1 ? `${origin}/admin/leads/${first!.id}` : `${origin}/admin/leads?mine=1`;
  return {
    site: site.slug,
    leadId: given.length === 1 ? first!.id : null,
    purpose: "staff",
    recipient,
    body: `${sms.senderName} 고객 배정: ${who} 님을 담당하게 되었습니다.\n${link}`,
  };
}

/** "김하늘" → "김*늘", "이솔" → "이*". */
export function maskName(name: string) {
  const letters = [...name];
  if (letters.length <= 1) return "*";
  if (letters.length === 2) return `${letters[0]}*`;
  return `${letters[0]}${"*".repeat(letters.length - 2)}${letters.at(-1)}`;
}
