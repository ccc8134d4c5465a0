import { expect, test, type Locator, type Page } from "@playwright/test";
import { BULK_ASSIGN_MESSAGES, EXPORT_MESSAGES } from "../../app/forms/admin.ts";
import { OPT_OUT_LIST_MESSAGES, OPT_OUT_ROW_LABELS } from "../../app/forms/consent.ts";
import { CONTACT_MESSAGES } from "../../app/forms/contacts.ts";
import { SETTINGS_MESSAGES, TRANSFER_MESSAGES } from "../../app/forms/assignment.ts";
import { CAMPAIGN_MESSAGES } from "../../app/forms/campaigns.ts";
import { CHANNEL_MESSAGES, CHANNEL_NOTICES } from "../../app/forms/channels.ts";
import { PRESS_MESSAGES } from "../../app/forms/press-messages.ts";
import { POPUP_MESSAGES } from "../../app/forms/popups.ts";
import { SCHEDULE_MESSAGES } from "../../app/forms/schedule-entry.ts";
import { PRICE_MESSAGES } from "../../app/forms/prices.ts";
import { PASSWORD_TOO_SHORT, SIGN_IN_TEXT } from "../../app/forms/staff.ts";
import { UPLOAD_MESSAGES } from "../../app/forms/uploads.ts";
import { IMPORT_MESSAGES } from "../../app/forms/lead-import.ts";
import { DOOR_MESSAGES, DOOR_TEXT, WALK_IN_LABELS } from "../../app/forms/door.ts";
import { CALLER_LABELS } from "../../app/forms/caller.ts";
import { AD_COPY_MESSAGES, RISKY_PHRASES } from "../../app/forms/ad-copy.ts";
import { REVIEW_MESSAGES } from "../../app/forms/audit.ts";
import { TEMPLATE_MESSAGES } from "../../app/forms/message-templates.ts";
import { UNIT_MESSAGES } from "../../app/forms/units.ts";
import { addDays, kstDay } from "../../app/utils/kst.ts";
import type { ConsolePost } from "../../app/routes/admin/console-access.ts";
import { freshPage, shownKey, totpCode, useOwnerSession } from "./console.ts";
import { reactHydrated } from "./hydration.ts";
import { postInquiry } from "./inquiry.ts";
import { uniquePhone, uniqueTag } from "./unique.ts";

// Every console form converted to the one form pipeline (docs/decisions/025-console-forms.md):
// several fields wrong at once, each error beside its own field (the control is aria-invalid and
// its accessible description is the error), and what was typed is still there. What a test needs
// saved first (a lead, a channel, a campaign, a staff member) gets a name of its own, so both
// projects share the server's database freely. A test opens a page once and sends each of its
// forms in turn: every page loaded is most of a second of Chromium's processor, at both widths
// (docs/decisions/023-fast-tests.md, the eighth round).

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The form once React has hydrated it: Conform checks it from then on. */
const formReady = reactHydrated;

async function expectErrorBeside(control: Locator, message: string) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(new RegExp(escape(message)));
}

async function expectFine(control: Locator, value: string) {
  await expect(control).toHaveValue(value);
  await expect(control).not.toHaveAttribute("aria-invalid", "true");
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

const walkingTime = RISKY_PHRASES.find((entry) => entry.id === "walking-time")!;
/** The box right after a field's own block: where the editor puts that field's warnings (the ad-copy check). */
const noteBeside = (control: Locator) =>
  control.locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' admin-field ')][1]/following-sibling::div[1]");

/**
 * The console posts a test sends with wrong fields, at both widths. A unit test
 * (app/routes/admin/console-forms.test.ts) reads these names and fails when a console post is
 * neither sent here nor listed there with the reason it has no field to get wrong.
 */
const forms = (...posts: ConsolePost[]) => ({
  tag: "@every-width",
  annotation: posts.map((post) => ({ type: "console-form", description: post })),
});

/** An inquiry sent as the public form sends it, opened in the console by the owner; answers the lead's page. */
async function openNewLead(page: Page) {
  const name = `양식${uniqueTag()}`;
  await postInquiry(page.request, { name, message: "견본주택 위치가 궁금합니다." });
  await page.goto("/admin/leads");
  await page.locator(".admin-leads").getByRole("link", { name }).first().click();
  await expect(page.getByRole("heading", { name: new RegExp(name), level: 1 })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await useOwnerSession(page);
});

// (a post sent before hydration is answered with every error, as the integration tests check).
test(
  "the press editor warns of a risky phrase beside its field as the office types, then shows a missing title, a missing summary and a past schedule beside their fields, keeping the body",
  forms("/admin/press/new#save"),
  async ({ page }) => {
    await page.goto("/admin/press/new");
    await formReady(page.locator("form.press-editor__form"));

    // The ad-copy check as the office types: the warning and the confirmation box, both gone once the basis is written.
    const title = field(page, "제목 (필수)");
    await title.pressSequentially("신천역 도보 5분");
    const note = noteBeside(title);
    await expect(note).toHaveClass(/ad-copy-note/);
    await expect(note).toContainText(walkingTime.reason);
    const confirm = page.getByLabel(AD_COPY_MESSAGES.confirmLabel);
    await expect(confirm).toBeVisible();
    await expect(confirm).not.toBeChecked();
    await title.pressSequentially(" (약 400m, 네이버 지도 기준)");
    await expect(note).toBeEmpty();
    await expect(confirm).toHaveCount(0);

    // Saved without a title or a summary, for a day already past.
    await title.fill("");
    const yesterday = addDays(kstDay(new Date()), -1);
    await field(page, "본문").fill("둘째 줄까지 남는 본문");
    await page.getByLabel("예약 발행").check();
    await field(page, "예약 날짜").fill(yesterday);
    await field(page, "예약 시각 (한국 시간)").fill("09:00");
    await page.getByRole("button", { name: "저장" }).click();

    await expectErrorBeside(field(page, "제목 (필수)"), PRESS_MESSAGES.required);
    await expectErrorBeside(field(page, "요약 (필수)"), PRESS_MESSAGES.required);
    await expectErrorBeside(field(page, "예약 날짜"), PRESS_MESSAGES.scheduleInPast);
    await expect(field(page, "예약 날짜")).toHaveValue(yesterday);
    await expectFine(field(page, "본문"), "둘째 줄까지 남는 본문");
    await expect(page).toHaveURL(/\/admin\/press\/new$/);
  },
);

test(
  "the schedule form shows a missing title and a missing start beside their fields, keeping the end and the note",
  forms("/admin/schedule"),
  async ({ page }) => {
    await page.goto("/admin/schedule");
    await formReady(page.locator("form.schedule-form"));
    const endsOn = addDays(kstDay(new Date()), 30);
    await field(page, "종료일").fill(endsOn);
    await field(page, "비고").fill("청약홈 인터넷 접수");
    await page.getByRole("button", { name: "추가" }).click();

    await expectErrorBeside(field(page, "일정 (필수)"), SCHEDULE_MESSAGES.title);
    await expectErrorBeside(field(page, "시작일 (필수)"), SCHEDULE_MESSAGES.startsOn);
    await expectFine(field(page, "종료일"), endsOn);
    await expectFine(field(page, "비고"), "청약홈 인터넷 접수");
  },
);

// (a post sent before hydration is answered with every error, as the integration tests check).
test(
  "the popup editor shows a missing title, a script link and an order out of range beside their fields, keeping the text; saved with a risky phrase it is answered with the warning beside the field, keeping the words",
  forms("/admin/popups/new"),
  async ({ page }) => {
    await page.goto("/admin/popups/new");
    await formReady(page.locator("form.popup-editor"));
    await field(page, "내용").fill("모델하우스를 엽니다.");
    await field(page, "링크 (선택)").fill("javascript:alert(1)");
    await field(page, "순서").fill("1000");
    await page.getByRole("button", { name: "저장" }).click();

    await expectErrorBeside(field(page, "제목"), POPUP_MESSAGES.titleRequired);
    await expectErrorBeside(field(page, "링크 (선택)"), POPUP_MESSAGES.link);
    await expectErrorBeside(field(page, "순서"), POPUP_MESSAGES.order);
    await expect(field(page, "링크 (선택)")).toHaveValue("javascript:alert(1)");
    await expect(field(page, "순서")).toHaveValue("1000");
    await expectFine(field(page, "내용"), "모델하우스를 엽니다.");

    // Put right but for a phrase the ad-copy check warns of: refused until the office confirms its basis.
    await field(page, "제목").fill("견본주택 오픈");
    await field(page, "내용").fill("잔여세대 마감 임박");
    await field(page, "링크 (선택)").fill("");
    await field(page, "순서").fill("0");
    await page.getByRole("button", { name: "저장" }).click();

    const reason = RISKY_PHRASES.find((entry) => entry.id === "closing-soon")!.reason;
    await expectErrorBeside(field(page, "내용"), reason);
    await expect(field(page, "내용")).toHaveValue("잔여세대 마감 임박");
    await expectErrorBeside(page.getByLabel(AD_COPY_MESSAGES.confirmLabel), AD_COPY_MESSAGES.confirmNeeded);
    await expect(page).toHaveURL(/\/admin\/popups\/new$/);
  },
);

test(
  "the site settings show a bad phone and a plain-http link beside their fields, keeping both and saving nothing",
  forms("/admin/site-settings#save"),
  async ({ page }) => {
    await page.goto("/admin/site-settings");
    await formReady(page.locator("form.site-settings__form"));
    await field(page, "분양문의 전화").fill("12345");
    await field(page, "모바일 상담 링크").fill("http://talk.example.co.kr/consult");
    await page.getByRole("button", { name: "저장", exact: true }).click();

    await expectErrorBeside(field(page, "분양문의 전화"), "전화번호 형식이 올바르지 않습니다");
    await expectErrorBeside(field(page, "모바일 상담 링크"), "https://로 시작하는 주소를 입력해 주세요");
    await expect(field(page, "분양문의 전화")).toHaveValue("12345");
    await expect(field(page, "모바일 상담 링크")).toHaveValue("http://talk.example.co.kr/consult");
    await expect(page).not.toHaveURL(/saved=1/);
  },
);

// (a post sent before hydration is answered with every error, as the integration tests check).
test(
  "내 계정 shows a missing current password and a mismatched confirmation, a malformed mobile number for the assignment alerts (keeping it) and a blank name, each beside its field",
  forms("/admin/account#password", "/admin/account#alerts", "/admin/account#name"),
  async ({ page }) => {
    await page.goto("/admin/account");
    const form = page.locator("form", { has: page.locator("input[name=intent][value=password]") });
    await formReady(form);
    await form.getByLabel(SIGN_IN_TEXT.passwordLabel, { exact: true }).fill("새 비밀번호는 길게 2026");
    await form.getByLabel(SIGN_IN_TEXT.passwordConfirm, { exact: true }).fill("다른 비밀번호 2026");
    await form.getByRole("button", { name: "비밀번호 바꾸기" }).click();

    await expectErrorBeside(form.getByLabel("지금 비밀번호", { exact: true }), "지금 쓰는 비밀번호를 입력해 주세요.");
    await expectErrorBeside(form.getByLabel(SIGN_IN_TEXT.passwordConfirm, { exact: true }), SIGN_IN_TEXT.passwordMismatch);
    await expect(form.getByLabel(SIGN_IN_TEXT.passwordConfirm, { exact: true })).toHaveValue("다른 비밀번호 2026");
    await expect(form.getByLabel(SIGN_IN_TEXT.passwordLabel, { exact: true })).toHaveValue("새 비밀번호는 길게 2026");

    // The assignment alerts, on the same page: a malformed mobile number.
    const alerts = page.locator("form", { has: page.locator("input[name=intent][value=alerts]") });
    await formReady(alerts);
    await alerts.getByLabel("배정 알림 문자 받기").check();
    await alerts.getByLabel("휴대폰 번호").fill("010-12");
    await alerts.getByRole("button", { name: "저장" }).click();

    await expectErrorBeside(alerts.getByLabel("휴대폰 번호"), "휴대폰 번호를 정확히 입력해 주세요.");
    await expect(alerts.getByLabel("휴대폰 번호")).toHaveValue("010-12");
    await expect(alerts.getByLabel("배정 알림 문자 받기")).toBeChecked();

    // The name, on the same page: a blank name is refused beside its field.
    const name = page.locator("form", { has: page.locator("input[name=intent][value=name]") });
    await formReady(name);
    await name.getByLabel("이름", { exact: true }).fill(" ");
    await name.getByRole("button", { name: "이름 저장" }).click();
    await expectErrorBeside(name.getByLabel("이름", { exact: true }), "이름을 입력해 주세요.");
  },
);

test.describe("documents", () => {
  test(
    "a file that is not a PDF is refused beside its own document's file field, the other document's untouched",
    forms("/admin/documents"),
    async ({ page }) => {
      await page.goto("/admin/documents");
      const card = (name: string) => page.locator(".document-card").filter({ has: page.getByRole("heading", { name }) });
      const contract = card("계약 서류");
      await formReady(contract.locator("form"));
      const notPdf = Buffer.from("<!doctype html><title>계약서</title>");
      await contract.getByLabel("새 PDF (20MB 이하)").setInputFiles({ name: "계약서.pdf", mimeType: "application/pdf", buffer: notPdf });
      await contract.getByRole("button", { name: "올리기" }).click();

      await expectErrorBeside(contract.getByLabel("새 PDF (20MB 이하)"), UPLOAD_MESSAGES.wrongType.pdf);
      await expect(card("입주자 모집공고").getByLabel("새 PDF (20MB 이하)")).not.toHaveAttribute("aria-invalid", "true");
      await expect(contract).toContainText("지금 파일: 기본 파일");
    },
  );
});

test.describe("sign-in and staff", () => {
  test(
    "the staff pages show every error beside its field: the invitation (keeping what was typed), a new counsellor's invitation, enrolment, sign-in and code step, their 이관 요청, and 배정 설정's rules, day off, blocklist and recycling period",
    forms(
      "/admin/staff#invite",
      "/admin/invite/:token",
      "/admin/enrol",
      "/admin/login",
      "/admin/login/code",
      "/admin/settings#counsellor",
      "/admin/settings#day-off",
      "/admin/settings#block",
      "/admin/settings#save",
      "/admin/leads/:id#transfer",
    ),
    async ({ page, browser }) => {
      test.setTimeout(150_000);
      const name = `상담${uniqueTag()}`;
      const email = `forms-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      const password = "a long counsellor password 42";

      // The invitation without a name, with a malformed email and a short mobile number.
      await page.goto("/admin/staff");
      const invite = page.locator("form", { has: page.locator("input[name=intent][value=invite]") });
      await formReady(invite);
      await invite.getByLabel("이메일 (로그인 아이디)").fill("not-an-email");
      await invite.getByLabel("휴대폰 (초대 문자를 받을 번호)").fill("010-12");
      await invite.getByRole("button", { name: "초대 링크 만들기" }).click();

      await expectErrorBeside(invite.getByLabel("이름", { exact: true }), "이름을 입력해 주세요.");
      await expectErrorBeside(invite.getByLabel("이메일 (로그인 아이디)"), "이메일 주소를 정확히 입력해 주세요.");
      await expectErrorBeside(invite.getByLabel("휴대폰 (초대 문자를 받을 번호)"), "휴대폰 번호를 정확히 입력해 주세요.");
      await expect(invite.getByLabel("이메일 (로그인 아이디)")).toHaveValue("not-an-email");
      await expect(invite.getByLabel("휴대폰 (초대 문자를 받을 번호)")).toHaveValue("010-12");
      await expect(invite.getByRole("radio", { name: /^상담사/ })).toBeChecked();

      // Put right, it makes the counsellor's invitation.
      await invite.getByLabel("이름", { exact: true }).fill(name);
      await invite.getByLabel("이메일 (로그인 아이디)").fill(email);
      await invite.getByLabel("휴대폰 (초대 문자를 받을 번호)").fill("010-2345-6789");
      await invite.getByRole("button", { name: "초대 링크 만들기" }).click();
      const link = await page.getByTestId("invitation-link").inputValue();

      // The invitation, in the counsellor's own browser: a short password and a confirmation that differs.
      // (A password is never sent back, so neither is kept.)
      const counsellor = await freshPage(browser);
      await counsellor.goto(link);
      await formReady(counsellor.locator("form.admin-form"));
      await counsellor.getByLabel(SIGN_IN_TEXT.passwordLabel, { exact: true }).fill("짧은 암호");
      await counsellor.getByLabel(SIGN_IN_TEXT.passwordConfirm, { exact: true }).fill("다른 암호");
      await counsellor.getByRole("button", { name: "비밀번호 정하고 계속하기" }).click();
      await expectErrorBeside(counsellor.getByLabel(SIGN_IN_TEXT.passwordLabel, { exact: true }), PASSWORD_TOO_SHORT);
      await expectErrorBeside(counsellor.getByLabel(SIGN_IN_TEXT.passwordConfirm, { exact: true }), SIGN_IN_TEXT.passwordMismatch);
      await counsellor.getByLabel(SIGN_IN_TEXT.passwordLabel, { exact: true }).fill(password);
      await counsellor.getByLabel(SIGN_IN_TEXT.passwordConfirm, { exact: true }).fill(password);
      await counsellor.getByRole("button", { name: "비밀번호 정하고 계속하기" }).click();

      // Enrolling the app without a code.
      await expect(counsellor).toHaveURL(/\/admin\/enrol$/);
      await formReady(counsellor.locator("form.admin-form"));
      await counsellor.getByRole("button", { name: "등록하고 계속하기" }).click();
      await expectErrorBeside(counsellor.getByLabel(SIGN_IN_TEXT.codeLabel, { exact: true }), SIGN_IN_TEXT.codeRequired);
      const secret = await shownKey(counsellor);
      await counsellor.getByLabel(SIGN_IN_TEXT.codeLabel, { exact: true }).fill(totpCode(secret));
      await counsellor.getByRole("button", { name: "등록하고 계속하기" }).click();
      await counsellor.getByRole("link", { name: "적어 두었습니다. 계속하기" }).click();
      await expect(counsellor).toHaveURL(/\/admin\/today$/);

      // A later sign-in, in another browser (signed out): first sent empty, then the code step sent without a code.
      const later = await freshPage(browser);
      await later.goto("/admin/login");
      const signIn = later.locator("form#admin-login");
      await formReady(signIn);
      await signIn.getByRole("button", { name: "로그인" }).click();
      await expectErrorBeside(signIn.getByLabel("이메일"), SIGN_IN_TEXT.emailRequired);
      await expectErrorBeside(signIn.getByLabel("비밀번호"), SIGN_IN_TEXT.currentPasswordRequired);
      await expect(later).toHaveURL(/\/admin\/login$/);
      await later.getByLabel("이메일").fill(email);
      await later.getByLabel("비밀번호").fill(password);
      await later.getByRole("button", { name: "로그인" }).click();
      await expect(later).toHaveURL(/\/admin\/login\/code/);
      await formReady(later.locator("form.admin-form"));
      await later.getByRole("button", { name: "로그인" }).click();
      await expectErrorBeside(later.getByLabel(SIGN_IN_TEXT.codeLabel, { exact: true }), SIGN_IN_TEXT.codeRequired);
      await later.context().close();

      // The counsellor's 이관 요청 on a lead they took, sent without a person or a reason.
      await openNewLead(page);
      await counsellor.goto(page.url());
      const take = counsellor.getByRole("button", { name: "배정받기" });
      if (await take.isVisible()) await take.click();
      const transfer = counsellor.locator("form#lead-transfer");
      await formReady(transfer);
      await transfer.getByLabel("이유").fill(" ");
      await transfer.getByRole("button", { name: "이관 요청" }).click();
      await expectErrorBeside(transfer.getByLabel("넘겨받을 사람"), TRANSFER_MESSAGES.to);
      await expectErrorBeside(transfer.getByLabel("이유"), TRANSFER_MESSAGES.reason);
      await counsellor.context().close();

      // The owner's 배정 설정 for this counsellor: a cap out of range, and a day off without a day.
      await page.goto("/admin/settings");
      const row = page.locator("li.admin-counsellor").filter({ has: page.getByText(name, { exact: true }) });
      const rules = row.locator("form[id^=counsellor-]");
      await formReady(rules);
      await rules.getByLabel("하루 최대 배정").fill("999");
      await rules.getByLabel("배정 비중").selectOption("3");
      await rules.getByRole("button", { name: "저장" }).click();
      await expectErrorBeside(rules.getByLabel("하루 최대 배정"), SETTINGS_MESSAGES.dailyCap);
      await expect(rules.getByLabel("하루 최대 배정")).toHaveValue("999");
      await expect(rules.getByLabel("배정 비중")).toHaveValue("3");

      const dayOff = row.locator("form[id^=day-off-]");
      await formReady(dayOff);
      await dayOff.getByRole("button", { name: "넣기" }).click();
      await expectErrorBeside(dayOff.getByLabel("휴무일 넣기"), "날짜를 선택해 주세요.");

      // The same page's blocklist (a wrong number, no reason) and recycling period (out of range).
      const block = page.locator("form#blocklist");
      await formReady(block);
      await block.getByLabel("휴대폰 번호", { exact: true }).fill("010-12");
      await block.getByRole("button", { name: "차단" }).click();
      await expectErrorBeside(block.getByLabel("휴대폰 번호", { exact: true }), "휴대폰 번호를 정확히 입력해 주세요.");
      await expectErrorBeside(block.getByLabel("차단 이유", { exact: true }), SETTINGS_MESSAGES.blockReason);
      await expect(block.getByLabel("휴대폰 번호", { exact: true })).toHaveValue("010-12");

      const settings = page.locator("form#console-settings");
      await formReady(settings);
      await field(page, "미처리 고객 회수 (일)").fill("400");
      await settings.getByRole("button", { name: "저장" }).click();
      await expectErrorBeside(field(page, "미처리 고객 회수 (일)"), SETTINGS_MESSAGES.recycleAfterDays);
      await expect(field(page, "미처리 고객 회수 (일)")).toHaveValue("400");
    },
  );
});

test.describe("leads and visits", () => {
  test(
    "a new lead's pages show every error beside its field: the inbox's bulk assignment with nothing ticked and nobody chosen, the lead's empty note, a visit booked without a time, typed advertising mark and 재통화 요청 without a time, and its customer's malformed merge number, keeping what was typed",
    forms(
      "/admin/leads#assign",
      "/admin/leads/:id#note",
      "/admin/leads/:id#book-visit",
      "/admin/leads/:id/text#send",
      "/admin/leads/:id#contact",
      "/admin/customers/:id#merge",
    ),
    async ({ page }) => {
      test.slow();
      const name = `양식${uniqueTag()}`;
      await postInquiry(page.request, { name, message: "저녁에 통화 가능합니다." });

      // The inbox's bulk assignment, sent with no lead ticked and nobody chosen.
      await page.goto("/admin/leads");
      const bulk = page.locator("form#bulk-assign");
      await formReady(bulk);
      await bulk.getByRole("button", { name: "선택한 고객 배정" }).click();
      await expectErrorBeside(bulk.getByLabel("선택한 고객 배정"), BULK_ASSIGN_MESSAGES.noAssignee);
      await expectErrorBeside(page.locator(".admin-leads__pick").first(), BULK_ASSIGN_MESSAGES.noLeads);

      await page.locator(".admin-leads").getByRole("link", { name }).first().click();
      await expect(page.getByRole("heading", { name: new RegExp(name), level: 1 })).toBeVisible();

      // The lead's note, blank.
      const note = page.locator("form#lead-note");
      await formReady(note);
      await field(page, "새 메모").fill("   ");
      await note.getByRole("button", { name: "메모 추가" }).click();
      await expectErrorBeside(field(page, "새 메모"), "메모 내용을 입력해 주세요.");
      await expect(field(page, "새 메모")).toHaveValue("   ");
      // Then written and added: the form starts afresh, without the earlier error.
      await field(page, "새 메모").fill("주말 오후 방문 희망");
      await note.getByRole("button", { name: "메모 추가" }).click();
      await expect(page.getByRole("list", { name: /이 접수의 기록/ }).getByText("주말 오후 방문 희망")).toBeVisible();
      await expect(field(page, "새 메모")).toHaveValue("");
      await expect(field(page, "새 메모")).not.toHaveAttribute("aria-invalid", "true");
      await expect(note.getByRole("alert")).toHaveCount(0);

      // 방문 예약 잡기 with 방문 인원 chosen and no time.
      const bookings = page.locator("#lead-bookings");
      await bookings.getByText("방문 예약 잡기").click();
      const booking = page.locator("form#lead-book-visit");
      await formReady(booking);
      await field(page, "방문 인원").selectOption("3");
      await booking.getByRole("button", { name: "예약하고 안내 문자 보내기" }).click();
      await expectErrorBeside(field(page, "방문 시간"), "방문 시간을 골라 주세요.");
      await expect(field(page, "방문 인원")).toHaveValue("3");

      // The text form, with the advertising mark typed into the body.
      const texts = page.locator("#texts");
      await formReady(texts.locator("form.admin-form"));
      await texts.getByLabel("보낼 내용").fill("(광고) 잔여세대 안내드립니다.");
      await texts.getByRole("button", { name: "문자 보내기" }).click();
      await expectErrorBeside(texts.getByLabel("보낼 내용"), "직접 쓰지 말고");
      await expect(texts.getByLabel("보낼 내용")).toHaveValue("(광고) 잔여세대 안내드립니다.");

      // The call sheet's 재통화 요청 without a time.
      const contact = page.locator("form#lead-contact");
      await formReady(contact);
      await field(page, "연락 방법").selectOption({ label: "카카오톡" });
      await field(page, "메모").fill("저녁 7시 이후에 다시");
      await contact.getByRole("button", { name: "재통화 요청" }).click();
      await expectErrorBeside(field(page, "다음 연락"), CONTACT_MESSAGES.callBackWhen);
      await expectFine(field(page, "메모"), "저녁 7시 이후에 다시");
      await expect(field(page, "연락 방법")).toHaveValue("kakao");

      // The customer's page: a merge with a malformed number.
      await page.getByRole("link", { name: /이 고객의 모든 기록/ }).click();
      const merge = page.locator("form#customer-merge");
      await formReady(merge);
      await merge.getByLabel("합칠 고객의 휴대폰 번호").fill("010-12");
      await merge.getByRole("button", { name: "이 고객으로 합치기" }).click();
      await expectErrorBeside(merge.getByLabel("합칠 고객의 휴대폰 번호"), "휴대폰 번호를 정확히 입력해 주세요.");
      await expect(merge.getByLabel("합칠 고객의 휴대폰 번호")).toHaveValue("010-12");
    },
  );

  test(
    "the visits page shows a capacity out of range beside its time, keeping the number, and its settings a hold time out of range beside its field, keeping the other values",
    forms("/admin/visits#capacity", "/admin/visits#visit-settings"),
    async ({ page }) => {
      // A day far ahead that no other test books: opening it twice (both widths) is the same day.
      const day = addDays(kstDay(new Date()), 45);
      await page.goto(`/admin/visits?day=${day}#visit-day`);
      const open = page.getByRole("button", { name: /이날 예약 (다시 )?열기/ });
      if (await open.isVisible()) await open.click();
      const capacity = page.locator(".admin-visits__slots form.admin-visits__capacity").first();
      await formReady(capacity);
      const input = capacity.getByRole("spinbutton");
      await input.fill("999");
      await capacity.getByRole("button", { name: "변경" }).click();
      await expectErrorBeside(capacity.getByRole("spinbutton"), "인원은 0명에서 200명 사이의 정수로 입력해 주세요.");
      await expect(capacity.getByRole("spinbutton")).toHaveValue("999");
      // The error takes the row under them: 변경 stays beside its box, at its height (measured at
      // once: the page is still scrolling the answer into view).
      const layout = await capacity.evaluate((form) => {
        const box = form.querySelector("input[type=number]")!.getBoundingClientRect();
        const change = form.querySelector("button[type=submit]")!.getBoundingClientRect();
        return { rise: Math.abs(change.top - box.top), beside: change.left >= box.right };
      });
      expect(layout.rise).toBeLessThan(4);
      expect(layout.beside).toBe(true);

      // The visit settings, at the foot of the same page.
      const settings = page.locator("form.admin-visits__settings");
      await formReady(settings);
      await field(page, "대기 고객에게 자리를 잡아 두는 시간 (분)").fill("1");
      await field(page, "방문 당일 안내 문자 (방문 몇 시간 전)").fill("3");
      await settings.getByRole("button", { name: "설정 저장" }).click();
      await expectErrorBeside(field(page, "대기 고객에게 자리를 잡아 두는 시간 (분)"), "5분에서 240분 사이의 정수로 입력해 주세요.");
      await expect(field(page, "대기 고객에게 자리를 잡아 두는 시간 (분)")).toHaveValue("1");
      await expectFine(field(page, "방문 당일 안내 문자 (방문 몇 시간 전)"), "3");
    },
  );
});

test.describe("owner's pages", () => {
  test(
    "the leads export shows a short reason and no columns beside their fields after the download is refused, keeping the reason and purpose",
    forms("/admin/leads/export.csv"),
    async ({ page }) => {
      await page.goto("/admin/leads/export");
      const form = page.locator("form.admin-export");
      await formReady(form);
      await field(page, "목적").selectOption({ label: "견본주택 방문 관리" });
      await field(page, "이유").fill("연락");
      const ticked = form.getByRole("checkbox", { checked: true });
      while ((await ticked.count()) > 0) await ticked.first().uncheck();
      await page.getByRole("button", { name: "CSV 내려받기" }).click();

      await expectErrorBeside(field(page, "이유"), EXPORT_MESSAGES.reasonShort);
      await expectErrorBeside(form.getByRole("checkbox", { name: "이름" }), EXPORT_MESSAGES.columns);
      await expect(field(page, "이유")).toHaveValue("연락");
      await expect(field(page, "목적")).toHaveValue("visits");
      await expect(page).toHaveURL(/\/admin\/leads\/export$/);
      // The refusal arrived as a new page: its first error is brought into view and focused.
      await expect(field(page, "목적")).not.toBeFocused();
      await expect(page.locator(":focus")).toBeInViewport();
    },
  );

  test(
    "the access records' monthly review says each chain is intact and shows its head to write down, and shows a note over 500 characters beside its field, keeping it and marking nothing",
    forms("/admin/audit"),
    async ({ page }) => {
      // Last month, which no test marks as reviewed: the form stays offered at both widths.
      await page.goto("/admin/audit?view=month");
      const checks = page.getByTestId("chain-checks");
      await expect(checks.getByText("개인정보 처리 기록")).toBeVisible();
      await expect(checks.getByText(/변경 없음 \(기록 [\d,]+건 확인\)/).first()).toBeVisible();
      await expect(checks.locator("code.admin-audit__hash").first()).toHaveText(/^[0-9a-f]{64}$/);
      await expect(checks.getByRole("button", { name: "복사" }).first()).toBeVisible();
      await expect(page.getByText("npm run audit:verify")).toHaveCount(0);

      const note = page.getByLabel("점검 메모 (선택)", { exact: true });
      const form = page.locator("form", { has: note });
      await formReady(form);
      const tooLong = "내려받기 사유 확인".repeat(60);
      await note.fill(tooLong);
      await form.getByRole("button", { name: /점검 완료로 표시$/ }).click();
      await expectErrorBeside(note, REVIEW_MESSAGES.note);
      await expect(note).toHaveValue(tooLong);
      await expect(page.getByText("점검 완료로 표시했습니다.")).toHaveCount(0);
    },
  );
});

test.describe("the 080 opt-out list", () => {
  test(
    "an empty list is refused beside the file field, and a list of strangers is previewed with nothing to apply",
    forms("/admin/consent"),
    async ({ page }) => {
      await page.goto("/admin/consent");
      const upload = page.locator("form#opt-out-upload");
      await formReady(upload);
      const file = page.getByLabel("수신거부 목록 (CSV)");
      await file.setInputFiles({ name: "080.csv", mimeType: "text/csv", buffer: Buffer.from("전화번호,날짜\n") });
      await page.getByRole("button", { name: "목록 읽기" }).click();
      await expectErrorBeside(page.getByLabel("수신거부 목록 (CSV)"), OPT_OUT_LIST_MESSAGES.empty);

      const stranger = uniquePhone();
      const csv = `수신번호,수신거부일시\n${stranger},2026-11-20 10:00\n02-000,2026-11-20\n`;
      await page.getByLabel("수신거부 목록 (CSV)").setInputFiles({ name: "080.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: "목록 읽기" }).click();
      await expect(page).toHaveURL(/\/admin\/consent\?list=\d+$/);
      const rows = page.getByRole("table").getByRole("row");
      await expect(rows.filter({ hasText: OPT_OUT_ROW_LABELS.unknown })).toHaveCount(1);
      await expect(rows.filter({ hasText: OPT_OUT_ROW_LABELS["bad-number"] })).toHaveCount(1);
      await expect(page.getByRole("button", { name: "0명 수신 거부 반영하기" })).toBeDisabled();
    },
  );
});

test.describe("lead import", () => {
  test(
    "the import step shows a missing source and consent basis beside their fields, keeping the preview; a list without headers is refused beside the file",
    forms("/admin/leads/import"),
    async ({ page }) => {
      await page.goto("/admin/leads/import");
      const upload = page.locator("form#import-upload");
      await formReady(upload);
      const file = page.getByLabel("고객 명단 (.xlsx 또는 .csv)");
      await file.setInputFiles({ name: "명단.csv", mimeType: "text/csv", buffer: Buffer.from("주소,나이\n대구,40\n", "utf8") });
      await page.getByRole("button", { name: "미리보기" }).click();
      await expectErrorBeside(file, IMPORT_MESSAGES.noHeader);

      await file.setInputFiles({
        name: "명단.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(`이름,연락처\n확인,${uniquePhone()}\n`, "utf8"),
      });
      await page.getByRole("button", { name: "미리보기" }).click();
      await expect(page.getByTestId("import-totals")).toContainText("가져올 수 있는 행 1행");
      await formReady(page.locator("form#import-leads"));
      await field(page, "출처").fill(" ");
      await page.getByRole("button", { name: "1명 가져오기" }).click();

      await expectErrorBeside(field(page, "출처"), IMPORT_MESSAGES.source);
      await expectErrorBeside(field(page, "개인정보 수집 근거"), IMPORT_MESSAGES.basis);
      await expect(page.getByTestId("import-totals")).toContainText("가져올 수 있는 행 1행");
    },
  );
});

test.describe("campaign texts", () => {
  test(
    "the campaigns page shows a unit price out of range and a new campaign's missing name, typed (광고) mark and reversed dates beside their fields, keeping the rest; a saved campaign's test a malformed number, and a 예약 without a day or a time beside both",
    forms("/admin/campaigns#prices", "/admin/campaigns#create", "/admin/campaigns/:id#test", "/admin/campaigns/:id#send"),
    async ({ page }) => {
      test.slow();
      // One customer who agreed to marketing, from this test's own campaign link, so the send form has someone to send to.
      const tag = `forms-${uniqueTag(4)}-${Date.now()}`;
      const cookie = `lead_source=${encodeURIComponent(new URLSearchParams({ s: "e2e", c: tag }).toString())}`;
      const answer = await page.request.post("/actions/interest", {
        form: { name: "김하늘", phone: uniquePhone(), consent: "yes", marketing: "yes" },
        headers: { Cookie: cookie, Accept: "application/json" },
      });
      expect(answer.status(), await answer.text()).toBeLessThan(400);
      await page.goto("/admin/campaigns");

      // The unit prices: one out of range, the other kept.
      await formReady(page.locator("form.campaign-prices"));
      await field(page, "SMS 1건 (원)").fill("20");
      await field(page, "LMS 1건 (원)").fill("99999");
      await page.getByRole("button", { name: "단가 저장" }).click();
      await expectErrorBeside(field(page, "LMS 1건 (원)"), CAMPAIGN_MESSAGES.price);
      await expectFine(field(page, "SMS 1건 (원)"), "20");

      // A new campaign without a name, with the mark typed and the dates the wrong way round.
      await formReady(page.locator("form.campaign-form"));
      await field(page, "보낼 내용 (필수)").fill("(광고) 잔여세대 안내");
      await field(page, "캠페인 (utm_campaign)").fill("winter-open");
      await field(page, "접수일 시작").fill("2026-11-10");
      await field(page, "접수일 끝").fill("2026-11-01");
      await page.getByRole("button", { name: "저장하고 발송 준비" }).click();

      await expectErrorBeside(field(page, "캠페인 이름 (필수)"), CAMPAIGN_MESSAGES.title);
      await expectErrorBeside(field(page, "보낼 내용 (필수)"), CAMPAIGN_MESSAGES.markTyped);
      await expectErrorBeside(field(page, "접수일 끝"), CAMPAIGN_MESSAGES.range);
      await expect(field(page, "보낼 내용 (필수)")).toHaveValue("(광고) 잔여세대 안내");
      await expectFine(field(page, "캠페인 (utm_campaign)"), "winter-open");
      await expect(page).toHaveURL(/\/admin\/campaigns$/);

      // Put right, for this test's one customer, it is saved.
      await field(page, "캠페인 이름 (필수)").fill(`양식 ${tag}`);
      await field(page, "보낼 내용 (필수)").fill("견본주택이 12월 5일 문을 엽니다.");
      await field(page, "캠페인 (utm_campaign)").fill(tag);
      await field(page, "접수일 시작").fill("");
      await field(page, "접수일 끝").fill("");
      // The console revalidates as new leads' alerts arrive; a click that lands on a page being re-rendered is given again.
      await expect(async () => {
        if (!/\/admin\/campaigns\/\d+/.test(page.url()))
          await page.getByRole("button", { name: "저장하고 발송 준비" }).click({ timeout: 2_000 });
        await expect(page).toHaveURL(/\/admin\/campaigns\/\d+/, { timeout: 5_000 });
      }).toPass({ timeout: 30_000 });

      const testText = page.locator("form#campaign-test");
      await formReady(testText);
      await testText.getByLabel("받을 번호").fill("010-12");
      await testText.getByRole("button", { name: "나에게 시험 문자 보내기" }).click();
      await expectErrorBeside(testText.getByLabel("받을 번호"), CAMPAIGN_MESSAGES.phone);
      await expect(testText.getByLabel("받을 번호")).toHaveValue("010-12");

      const send = page.locator("form#campaign-send");
      await formReady(send);
      await send.getByLabel("언제").selectOption("later");
      await send.getByRole("button", { name: "1명에게 보내기" }).click();
      await expectErrorBeside(send.getByLabel("예약 날짜"), CAMPAIGN_MESSAGES.sendDay);
      await expectErrorBeside(send.getByLabel("예약 시각"), CAMPAIGN_MESSAGES.sendTime);
      await expect(send.getByLabel("언제")).toHaveValue("later");
    },
  );
});

test.describe("a call", () => {
  test(
    "전화 접수 shows a name, a number and a consent it cannot take beside their fields, keeping the type and what was said",
    forms("/admin/leads/new"),
    async ({ page }) => {
      await page.goto("/admin/leads/new");
      const form = page.locator("form#caller");
      await formReady(form);
      await field(page, CALLER_LABELS.name).fill("홍길동1");
      await field(page, CALLER_LABELS.phone).fill("010-12");
      await field(page, CALLER_LABELS.unitType).selectOption("84A");
      await field(page, CALLER_LABELS.message).fill("주말 방문 희망");
      await form.getByRole("button", { name: CALLER_LABELS.submit }).click();

      await expectErrorBeside(field(page, CALLER_LABELS.name), "이름을 확인해 주세요.");
      await expectErrorBeside(field(page, CALLER_LABELS.phone), "휴대폰 번호를 정확히 입력해 주세요.");
      await expectErrorBeside(field(page, CALLER_LABELS.consent), "개인정보 수집·이용 동의를 받은 뒤에 접수할 수 있습니다.");
      await expect(field(page, CALLER_LABELS.name)).toHaveValue("홍길동1");
      await expect(field(page, CALLER_LABELS.unitType)).toHaveValue("84A");
      await expect(field(page, CALLER_LABELS.message)).toHaveValue("주말 방문 희망");

      // Put right, the caller is registered and the customer's page opens with the call in its history.
      const name = `전화${uniqueTag()}`;
      await field(page, CALLER_LABELS.name).fill(name);
      await field(page, CALLER_LABELS.phone).fill(uniquePhone());
      await field(page, CALLER_LABELS.consent).check();
      await form.getByRole("button", { name: CALLER_LABELS.submit }).click();
      await expect(page.getByRole("heading", { name: new RegExp(name), level: 1 })).toBeVisible();
      await expect(page.getByRole("list", { name: /이 접수의 기록/ })).toContainText("고객의 전화를 받아 통화했습니다");
    },
  );
});

test.describe("the door", () => {
  test(
    "현장 등록 shows a name and a phone it cannot take beside their fields, keeping the party size and the interest type",
    forms("/admin/door#walk-in", "/admin/door#check-in-key"),
    async ({ page }) => {
      await page.goto("/admin/door");
      const form = page.locator("form.door-walk-in");
      await formReady(form);
      await form.getByLabel(WALK_IN_LABELS.name, { exact: true }).fill("홍길동1");
      await form.getByLabel(WALK_IN_LABELS.phone, { exact: true }).fill("010-12");
      await form.getByLabel(WALK_IN_LABELS.partySize, { exact: true }).selectOption("3");
      await form.getByLabel(WALK_IN_LABELS.unitType, { exact: true }).selectOption("84A");
      await form.getByLabel(WALK_IN_LABELS.consent, { exact: true }).check();
      await form.getByRole("button", { name: DOOR_TEXT.walkInSubmit }).click();

      await expectErrorBeside(form.getByLabel(WALK_IN_LABELS.name, { exact: true }), "이름을 확인해 주세요.");
      await expectErrorBeside(form.getByLabel(WALK_IN_LABELS.phone, { exact: true }), "휴대폰 번호를 정확히 입력해 주세요.");
      await expect(form.getByLabel(WALK_IN_LABELS.name, { exact: true })).toHaveValue("홍길동1");
      await expect(form.getByLabel(WALK_IN_LABELS.partySize, { exact: true })).toHaveValue("3");
      await expect(form.getByLabel(WALK_IN_LABELS.unitType, { exact: true })).toHaveValue("84A");

      // The code under the entry QR, on the same page: a blank code is refused beside its field.
      const key = page.locator("form#door-key");
      await formReady(key);
      await key.getByLabel(DOOR_TEXT.keyLabel, { exact: true }).fill("   ");
      await key.getByRole("button", { name: DOOR_TEXT.keySubmit }).click();
      await expectErrorBeside(key.getByLabel(DOOR_TEXT.keyLabel, { exact: true }), DOOR_MESSAGES.keyRequired);
      await expect(key.getByLabel(DOOR_TEXT.keyLabel, { exact: true })).toHaveValue("   ");
    },
  );
});

test.describe("channels", () => {
  test(
    "a new channel shows a missing name, a source with a space and a premium-rate number beside their fields, keeping the recipients; once saved, its 광고비 a month and an amount it cannot read, keeping both",
    forms("/admin/channels#save", "/admin/channels#spend"),
    async ({ page }) => {
      await page.goto("/admin/channels");
      const channel = page.locator("form#channel");
      await formReady(channel);
      await channel.getByLabel("utm_source").fill("naver ads");
      await channel.getByLabel("채널 전화번호 (선택)").fill("060-700-1234");
      await channel.getByLabel("새 고객 알림 받을 번호 (선택)").fill("010-1234-5678");
      await channel.getByRole("button", { name: "채널 추가" }).click();

      await expectErrorBeside(channel.getByLabel("채널 이름"), CHANNEL_MESSAGES.name);
      await expectErrorBeside(channel.getByLabel("utm_source"), CHANNEL_MESSAGES.utmSpaces);
      await expectErrorBeside(channel.getByLabel("채널 전화번호 (선택)"), "060으로 시작하는 번호는");
      await expect(channel.getByLabel("utm_source")).toHaveValue("naver ads");
      await expectFine(channel.getByLabel("새 고객 알림 받을 번호 (선택)"), "010-1234-5678");
      await expect(page).toHaveURL(/\/admin\/channels$/);

      // Put right, the channel is saved, and the page offers its spend form.
      await channel.getByLabel("채널 이름").fill(`광고비${uniqueTag()}`);
      await channel.getByLabel("utm_source").fill(`forms-${test.info().project.name}-${Date.now()}`);
      await channel.getByLabel("채널 전화번호 (선택)").fill("");
      await channel.getByLabel("새 고객 알림 받을 번호 (선택)").fill("");
      await channel.getByRole("button", { name: "채널 추가" }).click();
      await expect(page.getByText(CHANNEL_NOTICES.save)).toBeVisible();

      const spend = page.locator("form#spend");
      await formReady(spend);
      await spend.getByLabel("달", { exact: true }).fill("11월");
      await spend.getByLabel("광고비(원)").fill("백만 원");
      await spend.getByRole("button", { name: "광고비 저장" }).click();
      await expectErrorBeside(spend.getByLabel("달", { exact: true }), CHANNEL_MESSAGES.month);
      await expectErrorBeside(spend.getByLabel("광고비(원)"), CHANNEL_MESSAGES.amount);
      await expect(spend.getByLabel("달", { exact: true })).toHaveValue("11월");
      await expect(spend.getByLabel("광고비(원)")).toHaveValue("백만 원");
    },
  );
});

test.describe("알림톡 templates", () => {
  test(
    "a template registered or previewed with a malformed ID, no text and a plain-http button shows each beside its field, keeping them",
    forms("/admin/templates#register", "/admin/templates#preview"),
    async ({ page }) => {
      await page.goto("/admin/templates");
      const form = page.locator("form.template-form");
      await formReady(form);
      await form.getByLabel("템플릿 ID (필수)").fill("KA01 TP");
      await form.getByLabel("버튼").fill("방문 예약 | http://example.com/visit");
      await form.getByRole("button", { name: "등록" }).click();
      await expectErrorBeside(form.getByLabel("템플릿 ID (필수)"), TEMPLATE_MESSAGES.codeFormat);
      await expectErrorBeside(form.getByLabel("승인된 문구 (필수)"), TEMPLATE_MESSAGES.body);
      await expectErrorBeside(form.getByLabel("버튼"), TEMPLATE_MESSAGES.buttonLink(1));
      await expect(form.getByLabel("템플릿 ID (필수)")).toHaveValue("KA01 TP");
      await expect(form.getByLabel("버튼")).toHaveValue("방문 예약 | http://example.com/visit");

      // The preview of the same form: the ID may still be wrong, the text and the button may not.
      await form.getByRole("button", { name: "미리 보기" }).click();
      await expect(form.getByLabel("템플릿 ID (필수)")).not.toHaveAttribute("aria-invalid", "true");
      await expectErrorBeside(form.getByLabel("승인된 문구 (필수)"), TEMPLATE_MESSAGES.body);
      await expectErrorBeside(form.getByLabel("버튼"), TEMPLATE_MESSAGES.buttonLink(1));
      await expect(form.getByLabel("버튼")).toHaveValue("방문 예약 | http://example.com/visit");
    },
  );
});

test.describe("분양가·납부 일정", () => {
  test(
    "the price editor shows a schedule not adding up to 100, an overlapping band and a price in words beside their fields, keeping every figure",
    forms("/admin/prices#save"),
    async ({ page }) => {
      await page.goto("/admin/prices");
      const form = page.locator("form.price-editor__form");
      await formReady(form);
      const control = (name: string) => form.locator(`[name="${name}"]`);
      // The demo sheet: 2–4, 5–10, 11–20 and 21–29층; 잔금 30%.
      await control("bands[1].from").fill("4");
      await control("bands[0].prices[2]").fill("4억 4,900");
      await control("payments[8].percent").fill("25");
      await page.getByRole("button", { name: "저장", exact: true }).click();

      await expectErrorBeside(control("bands[1].from"), PRICE_MESSAGES.overlap(2, 4));
      await expectErrorBeside(control("bands[0].prices[2]"), PRICE_MESSAGES.price);
      await expect(form.getByRole("alert").filter({ hasText: PRICE_MESSAGES.sum(95) })).toBeVisible();
      await expect(control("payments[8].percent")).toHaveValue("25");
      await expectFine(control("bands[0].prices[0]"), "34200");
      await expectFine(control("bands[3].to"), "29");
      await expect(page).toHaveURL(/\/admin\/prices$/);
    },
  );
});

test.describe("동호수 (units)", () => {
  test(
    "the remaining-units settings show an impossible hold length beside its field, keeping the choice beside it",
    forms("/admin/units/settings"),
    async ({ page }) => {
      await page.goto("/admin/units/settings");
      await formReady(page.locator("form#unit-settings"));
      await field(page, "홀드 시간 (시간)").fill("0");
      await field(page, "잔여세대 표시").selectOption("off");
      await page.getByRole("button", { name: "저장" }).click();

      await expectErrorBeside(field(page, "홀드 시간 (시간)"), UNIT_MESSAGES.holdHours);
      await expectFine(field(page, "잔여세대 표시"), "off");
      await expect(page).toHaveURL(/\/admin\/units\/settings$/);
    },
  );

  test(
    "a unit on the board shows a hold without a customer beside the customer choice, and its edit a price in words beside its field, keeping it",
    forms("/admin/units#hold", "/admin/units#edit"),
    async ({ page }) => {
      // A customer to choose from, so the board offers the hold form at all.
      await postInquiry(page.request, { name: `홀드${uniqueTag()}` });
      await page.goto("/admin/units?status=available");
      await page.locator(".units-cell--available:not(.units-cell--dim)").first().click();
      const hold = page.locator("form[id^=hold-]");
      await formReady(hold);
      await hold.getByRole("button", { name: "이 고객으로 홀드" }).click();
      await expectErrorBeside(hold.getByLabel("홀드할 고객", { exact: true }), UNIT_MESSAGES.chooseLead);

      // The same unit's 세대 정보 수정, in the same panel.
      await page.getByText("세대 정보 수정").click();
      const edit = page.locator("form[id^=edit-]");
      await formReady(edit);
      await edit.getByLabel("분양가 (선택)").fill("오억 이천");
      await edit.getByRole("button", { name: "저장" }).click();
      await expectErrorBeside(edit.getByLabel("분양가 (선택)"), UNIT_MESSAGES.price);
      await expect(edit.getByLabel("분양가 (선택)")).toHaveValue("오억 이천");
    },
  );
});

test.describe("imports", () => {
  test(
    "the 배치표 and the 광고비 report, read without a file, say so beside their file fields",
    forms("/admin/units/import", "/admin/channels/spend-import"),
    async ({ page }) => {
      await page.goto("/admin/units/import");
      await formReady(page.locator("form#units-upload"));
      await page.getByRole("button", { name: "미리보기" }).click();
      await expectErrorBeside(page.getByLabel("배치표 (.xlsx 또는 .csv)"), UNIT_MESSAGES.importNoFile);

      await page.goto("/admin/channels/spend-import");
      await formReady(page.locator("form#spend-upload"));
      await page.getByRole("button", { name: "보고서 읽기" }).click();
      await expectErrorBeside(page.getByLabel("보고서 (CSV)"), CHANNEL_MESSAGES.noFile);
    },
  );
});
