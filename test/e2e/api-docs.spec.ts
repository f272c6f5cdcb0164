import { expect, test } from "./fixtures";
import { createAccount, openSignedIn } from "./helpers";

/**
 * The API reference (GET /api/docs, issue 33): Swagger UI renders the OpenAPI document from this origin only, so
 * it works offline and on a self-hosted deployment without a CDN.
 */
test("the API reference lists the routes, loads nothing from elsewhere and logs no errors", async ({
  page,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  const elsewhere: string[] = [];
  await page.route(
    (url) => url.origin !== new URL(baseURL as string).origin,
    (route) => {
      elsewhere.push(route.request().url());
      return route.abort();
    },
  );

  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { name: /VibeRead API/ })).toBeVisible();
  for (const summary of [
    "List articles",
    "Save a link",
    "Highlight a passage",
    "Ask the library",
    "Create an API token",
  ]) {
    await expect(page.getByText(summary, { exact: true }).first()).toBeVisible();
  }
  await expect(
    page.locator(".opblock-summary-path", { hasText: "/api/articles/{id}/highlights" }).first(),
  ).toBeVisible();
  await expect(page.locator(".opblock-summary-path", { hasText: /^\/mcp$/ })).toBeVisible();

  // The link under the title (the document's own operation is listed too, with the same text).
  const documentLink = page.locator("hgroup").getByRole("link", { name: "/api/openapi.json" });
  await expect(documentLink).toBeVisible();
  const response = await page.request.get((await documentLink.getAttribute("href")) as string);
  expect(response.status()).toBe(200);
  expect((await response.json()).openapi).toMatch(/^3\.1\./);

  // The page as a person sees it, kept with the run's results.
  await page.screenshot({ path: test.info().outputPath("api-docs.png") });
  expect(elsewhere).toEqual([]);
  expect(problems).toEqual([]);
});

test("Settings points API token users and extension users to the API reference", async ({ page, context }) => {
  const { email } = await createAccount(page);
  await openSignedIn(page, email, "/#/settings");
  for (const section of ["API tokens", "Browser extension"]) {
    const region = page.getByRole("region", { name: section });
    const link = region.getByRole("link", { name: "API reference" });
    await expect(link).toHaveAttribute("href", "/api/docs");
    // It opens the reference beside the app, which stays where it was.
    const opened = context.waitForEvent("page");
    await link.click();
    const reference = await opened;
    await expect(reference.getByRole("heading", { name: /VibeRead API/ })).toBeVisible();
    await reference.close();
  }
});
