import { expect, type Page } from "@playwright/test";

export const PASSWORD = "a-long-enough-password";

export function uniqueEmail(prefix = "reader"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Creates an account through the API (fast), returning its credentials. */
export async function createAccount(page: Page, email = uniqueEmail()) {
  const response = await page.request.post("/api/auth/register", { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(201);
  const body = await response.json();
  return { email, password: PASSWORD, token: body.access_token as string };
}

/** Signs in through the login form. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}
