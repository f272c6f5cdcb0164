import { expect, test } from "./fixtures";

const TERMS_SECTIONS = [
  "Overview",
  "Eligibility",
  "Accounts",
  "Acceptable use",
  "Content and intellectual property",
  "AI output may be inaccurate",
  "Privacy",
  "Termination",
  "Disclaimers and limitation of liability",
  "Changes to these terms",
  "Contact",
];
const PRIVACY_SECTIONS = [
  "Data we collect",
  "How we use your data",
  "No sale of data",
  "Sharing with providers",
  "Retention",
  "Security",
  "Your choices and rights",
  "International transfers",
  "Children under 13",
  "Changes to this policy",
  "Contact",
];

test("the terms page has every section, the effective date and the minimum age", async ({ page }) => {
  await page.goto("/#/terms");
  await expect(page).toHaveTitle("[DEV] Terms of Service | VibeRead");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect(page.getByText("Effective date: August 11, 2025")).toBeVisible();
  const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
  expect(headings).toEqual(TERMS_SECTIONS.map((title, i) => `${i + 1}. ${title}`));
  await expect(page.getByText("at least 13 years old")).toBeVisible();
});

test("the privacy page has every section, including the three kinds of data collected", async ({ page }) => {
  await page.goto("/#/privacy");
  await expect(page).toHaveTitle("[DEV] Privacy Policy | VibeRead");
  await expect(page.getByText("Effective date: August 11, 2025")).toBeVisible();
  const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
  expect(headings).toEqual(PRIVACY_SECTIONS.map((title, i) => `${i + 1}. ${title}`));
  for (const kind of ["Account data:", "Submitted content:", "Usage data:"]) {
    await expect(page.getByText(kind)).toBeVisible();
  }
});

test("an unknown route shows the 404 page with a way to the dashboard", async ({ page }) => {
  await page.goto("/#/no/such/page");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle("[DEV] Page Not Found | VibeRead");
  await page.getByRole("link", { name: "Go to Dashboard" }).click();
  // Signed out, the dashboard sends the visitor to sign in first.
  await expect(page).toHaveURL(/#\/login\?return=%2Fdashboard$/);
});

test("/ goes to the dashboard", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/#\/login\?return=%2Fdashboard$/);
});

test("development is marked by the [DEV] title prefix and a green top border", async ({ page }) => {
  await page.goto("/#/login");
  await expect(page).toHaveTitle(/^\[DEV\] /);
  await expect(page.locator("html")).toHaveAttribute("data-environment", "development");
  const border = await page.evaluate(() => getComputedStyle(document.body).borderTopColor);
  expect(border).toBe("rgb(22, 163, 74)");
});

test("the sign-in page is usable at 375 px wide", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/#/login");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeInViewport();
});
