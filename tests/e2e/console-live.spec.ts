import { expect, test } from "@playwright/test";
import { addCounsellor, freshPage, OWNER_STATE } from "./console.ts";
import { postInquiry } from "./inquiry.ts";
import { uniquePhone, uniqueTag } from "./unique.ts";
import { BULK_ASSIGN_MESSAGES, CONFIRM_STATUS_MESSAGES, STATUS_LABELS } from "../../app/forms/admin.ts";

// Both projects (desktop, phone) share one server: the counsellor and the lead made here carry a
// tag unique to the test.
test("with the inbox open, a lead sent through the public form appears in the list and the menu's count without reloading, the manager assigns it to a counsellor, and on its page the question before marking it as spam outlasts the next lead's reload", async ({
  browser,
}) => {
  const tag = uniqueTag(5);
  const counsellor = `상담${tag}`;
  const customer = `고객${tag}`;
  const owner = await (await browser.newContext({ ...test.info().project.use, storageState: OWNER_STATE })).newPage();
  await addCounsellor(owner, browser, counsellor);

  // The inbox, with its live stream connected.
  const streaming = owner.waitForResponse((response) => new URL(response.url()).pathname === "/admin/events");
  await owner.goto("/admin/leads");
  expect((await streaming).headers()["content-type"]).toMatch(/^text\/event-stream/);
  const menu = owner.getByRole("navigation", { name: "관리자 메뉴" });
  // The inbox's link sits in the closed 고객 menu; the menu's own label carries the count too.
  const inboxLink = menu.getByRole("link", { name: /^고객 접수/, includeHidden: true });
  await expect(inboxLink).toHaveAttribute("aria-current", "page");

  // A visitor sends an inquiry from the public page, in another browser.
  const visitor = await freshPage(browser);
  await visitor.goto("/Promotion/Customer");
  const form = visitor.locator(".inquiry-form");
  await form.getByLabel("이름").fill(customer);
  const phone = uniquePhone();
  await form.getByLabel("연락처").fill(phone);
  await form.getByLabel("문의내용").fill("분양가가 궁금합니다.");
  await form.getByRole("checkbox", { name: /개인정보 수집·이용 동의/ }).check();
  await form.getByRole("button", { name: "상담 신청하기" }).click();
  await expect(visitor.getByText("등록이 완료되었습니다.", { exact: false })).toBeVisible();

  // The open inbox shows the lead, and the menu counts it, without a reload.
  await expect(owner.getByRole("link", { name: customer })).toBeVisible();
  await expect(inboxLink.locator(".admin-nav__badge")).toHaveText(/^[1-9]\d*$/);
  await expect(menu.locator("summary", { hasText: "고객" }).locator(".admin-nav__badge")).toHaveText(/^[1-9]\d*$/);

  // Ticked and given to the counsellor.
  await owner.getByRole("checkbox", { name: `${customer} 선택` }).check();
  await owner.getByLabel("선택한 고객 배정").selectOption({ label: counsellor });
  await owner.getByRole("button", { name: "선택한 고객 배정" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "고객 1명을 배정했습니다." })).toBeVisible();

  await owner.getByRole("link", { name: customer }).click();
  await expect(owner.getByRole("heading", { name: customer })).toBeVisible();
  await expect(owner.getByText(counsellor).first()).toBeVisible();

  // Asked to confirm marking it as spam, the manager still sees the question after the page's data
  // reloads for the next lead's alert (the same buyer registering interest: the page then counts two of their leads).
  await owner.getByRole("form", { name: "상태 변경" }).getByRole("button", { name: STATUS_LABELS.spam }).click();
  const question = owner.getByRole("alertdialog", { name: CONFIRM_STATUS_MESSAGES.spam.question });
  await expect(question).toBeVisible();
  await expect(owner.getByRole("link", { name: "이 고객의 모든 기록 (1건)" })).toBeVisible();
  const interest = await owner.request.post("/actions/interest", {
    form: { name: customer, phone, consent: "yes" },
    headers: { Accept: "application/json" },
  });
  expect(interest.status(), await interest.text()).toBe(200);
  await expect(owner.getByRole("link", { name: "이 고객의 모든 기록 (2건)" })).toBeVisible();
  await expect(question).toBeVisible();
  await expect(question.getByRole("button", { name: CONFIRM_STATUS_MESSAGES.spam.yes })).toBeEnabled();
  await owner.context().close();
  await visitor.context().close();
});

test("twelve leads arriving at once reach the open inbox and the menu's count, reload its data once a burst, not once a lead, and leave a refused assignment's error in place", async ({
  browser,
}) => {
  const tag = uniqueTag(5);
  const owner = await (await browser.newContext({ ...test.info().project.use, storageState: OWNER_STATE })).newPage();
  const streaming = owner.waitForResponse((response) => new URL(response.url()).pathname === "/admin/events");
  await owner.goto("/admin/leads");
  await streaming;
  // The person is using the page (the reload waits for that), and every reload of its data is counted from here.
  await owner.mouse.wheel(0, 10);
  // A refused assignment (no lead ticked): its error must outlast the reloads the burst brings.
  await owner.getByRole("button", { name: "선택한 고객 배정" }).click();
  const refusal = owner.getByText(BULK_ASSIGN_MESSAGES.noLeads).first();
  await expect(refusal).toBeVisible();
  let reloads = 0;
  owner.on("request", (request) => {
    if (new URL(request.url()).pathname === "/admin/leads.data") reloads++;
  });

  const names = [..."가나다라마바사아자차카타"].map((letter) => `묶음${tag}${letter}`);
  await Promise.all(names.map((name) => postInquiry(owner.request, { name })));

  for (const name of names) await expect(owner.getByRole("link", { name })).toBeVisible();
  const inboxLink = owner.getByRole("navigation", { name: "관리자 메뉴" }).getByRole("link", { name: /^고객 접수/, includeHidden: true });
  await expect(inboxLink.locator(".admin-nav__badge")).toHaveText(/^(1[2-9]|[2-9]\d|\d{3,})$/);
  // One reload for each burst the server's polls (every 2 s) bring, not twelve; other tests' leads may add a burst.
  expect(reloads).toBeGreaterThanOrEqual(1);
  expect(reloads).toBeLessThan(6);
  await expect(refusal).toBeVisible();
  await owner.context().close();
});
