import { expect, test as setup } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { OWNER_STATE, saveOwnerKey, shownKey, totpCode } from "./console.ts";

// The server made the owner from ADMIN_EMAIL; at the first sign-in the account enrols its
// authenticator app. The key and the signed-in state are left for the tests (console.ts).
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
  await page.getByRole("link", { name: "적어 두었습니다. 계속하기" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.context().storageState({ path: OWNER_STATE });
});
