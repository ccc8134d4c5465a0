import type { Role } from "./vocabulary.ts";

/**
 * Who may do what in the console, in one table. The server checks it in every loader and action
 * (through the console routes' rules in app/routes/admin/console-access.ts); pages use the same table only to leave out
 * buttons a person could not use anyway.
 */
export const PERMISSIONS = {
  /** Every lead of the site, with full phone numbers. */
  "leads.all": ["owner", "manager"],
  /** Unassigned leads, phone numbers masked until one is assigned to them. */
  "leads.unassigned": ["owner", "manager", "counsellor"],
  /** Assign leads to counsellors. */
  "leads.assign": ["owner", "manager"],
  "leads.export": ["owner", "manager"],
  /** Bring in a list of leads from a spreadsheet (another channel's database, a visitors' book). */
  "leads.import": ["owner", "manager"],
  /** Delete (to the bin) and restore from it. */
  "leads.delete": ["owner", "manager"],
  /** The visit schedule, names included (phone numbers as the person's leads show them). */
  "visits.view": ["owner", "manager", "counsellor"],
  /** Open and close days, change places, mark visits. */
  "visits.manage": ["owner", "manager"],
  /** The outbox: every text's recipient and body. */
  "outbox.view": ["owner", "manager"],
  "press.manage": ["owner", "manager"],
  "content.manage": ["owner", "manager"],
  /** The 분양가 table, the 납부 일정 and the 중도금 loan terms, published on /SalesInfo/price. */
  "prices.manage": ["owner", "manager"],
  /** Publish words the ad-copy check warns about, having checked they are true (recorded). */
  "adcopy.confirm": ["owner", "manager"],
  /** The site's 알림톡 templates (what its texts may go as). */
  "texts.manage": ["owner", "manager"],
  /** Campaign texts (advertising) to everyone with a live marketing consent: who gets them, what they say, when. */
  "campaigns.manage": ["owner", "manager"],
  /** Conversion by campaign and form, and every counsellor's performance: counts only, no one's data. */
  "reports.view": ["owner", "manager"],
  /** Marketing consent: the 080 opt-out list uploaded and applied to the site's customers. */
  "consent.manage": ["owner", "manager"],
  /** Channels: their phone numbers and alert recipients, and what each costs per month. */
  "channels.manage": ["owner", "manager"],
  /** The team performance page: a counsellor sees their own row, reports.view everyone's. */
  "reports.own": ["owner", "manager", "counsellor"],
  /** The 동호수 board, and holding a unit for one's own customer (units/holds.ts checks the lead is theirs). */
  "units.hold": ["owner", "manager", "counsellor"],
  /** The inventory itself: its import, edits, sales (계약 완료) and their undoing, the remaining-units settings. */
  "units.manage": ["owner", "manager"],
  "staff.manage": ["owner"],
  "audit.view": ["owner"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
