import { expect, test as setup } from "@playwright/test";
import { E2E_ADMIN, SUWON_ORIGIN } from "../../playwright.config.ts";
import { OWNER_STATE, saveOwnerKey, shownKey, totpCode } from "./console.ts";

// The server made the owner from ADMIN_EMAIL; at the first sign-in the account enrols its
// authenticator app. The key and the signed-in state are left for the tests (console.ts).
// A session belongs to the site it was made on, so the owner signs in on the second development
// (suwon) too, with a recovery code: the app's code of this 30-second step was just used.
setup("the demo owner signs in for the first time and enrols an authenticator app", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("이메일").fill(E2E_ADMIN.email);
  await page.getByLabel("비밀번호").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/admin\/enrol$/);
  await expect(page.getByRole("img", { name: "인증 앱에 등록할 QR 코드" })).toBeVisible();
  const secret = await shownKey(page);
  await page.getByLabel("인증 코드", { exact: true }).fill(totpCode(secret));
  await page.getByRole("button", { name: "등록하고 계속하기" }).click();
  await expect(page.getByRole("heading", { name: "복구 코드 10개" })).toBeVisible();
  await expect(page.getByRole("list", { name: "복구 코드 10개" }).getByRole("listitem")).toHaveCount(10);
  saveOwnerKey(secret);
  const [recoveryCode] = await page.getByRole("list", { name: "복구 코드 10개" }).getByRole("listitem").allInnerTexts();
  await page.getByRole("link", { name: "적어 두었습니다. 계속하기" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto(`${SUWON_ORIGIN}/admin/login`);
  await page.getByLabel("이메일").fill(E2E_ADMIN.email);
  await page.getByLabel("비밀번호").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/admin\/login\/code/);
  await page.getByRole("link", { name: "휴대폰을 쓸 수 없을 때: 복구 코드로 로그인" }).click();
  await page.getByLabel("복구 코드", { exact: true }).fill(recoveryCode!.trim());
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(new RegExp(`^${SUWON_ORIGIN}/admin$`));
  await page.context().storageState({ path: OWNER_STATE });
});
