import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures";
import { createAccount, openSignedIn } from "./helpers";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A project tool (a package's bin) run with this Node, offline: no telemetry, no update check. */
function tool(bin: string, args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [join(ROOT, "node_modules", bin), ...args], {
    cwd,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
  });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

/**
 * Redocly's recommended rules warn where this API is what it is: the project states no licence, and two operations
 * answer with a redirect (302), which is their success (the rule counts only 2XX). Anything else fails the test.
 */
const ACCEPTED_WARNINGS = [
  "info-license #/info",
  "operation-2xx-response #/paths/~1authorize/get/responses",
  "operation-2xx-response #/paths/~1share/get/responses",
];

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

test("standard tools take the served document: Redocly's recommended lint, and a TypeScript client that compiles", async ({
  request,
}) => {
  const served = await request.get("/api/openapi.json");
  expect(served.status()).toBe(200);
  const dir = test.info().outputPath();
  writeFileSync(join(dir, "openapi.json"), await served.text());

  const lint = tool("@redocly/cli/bin/cli.js", ["lint", "openapi.json", "--extends=recommended", "--format=json"], dir);
  const report = JSON.parse(lint.out);
  const problems = report.problems.map(
    (p: { ruleId: string; severity: string; location: { pointer: string }[] }) =>
      `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}`,
  );
  expect(problems.filter((p: string) => p.startsWith("error"))).toEqual([]);
  expect(problems.filter((p: string) => !ACCEPTED_WARNINGS.includes(p.replace(/^warn /, "")))).toEqual([]);
  expect(lint.status, lint.err).toBe(0);

  // The client's types, then a use of them: a list page, the shared error shapes and a request body.
  const generated = tool("openapi-typescript/bin/cli.js", ["openapi.json", "--output", "client.ts"], dir);
  expect(generated.status, generated.err).toBe(0);
  writeFileSync(
    join(dir, "usage.ts"),
    [
      'import type { components, operations, paths } from "./client";',
      'type ArticleList = paths["/api/articles"]["get"]["responses"][200]["content"]["application/json"];',
      'export const page: ArticleList["pagination"] = { page: 1, pages: 1, total: 0, per_page: 20 };',
      'export const problem: components["schemas"]["Error"] = { detail: "Not found" };',
      'export const oauth: components["schemas"]["OAuthError"] = { error: "invalid_request", detail: "Bad" };',
      'export type Save = operations["postApiArticles"]["requestBody"];',
    ].join("\n"),
  );
  // The two files alone, strict, not the project's tsconfig.json (which the output folder is under).
  const options = ["--ignoreConfig", "--noEmit", "--strict", "--target", "es2022", "--module", "esnext"];
  const compiled = tool(
    "typescript/bin/tsc",
    [...options, "--moduleResolution", "bundler", "client.ts", "usage.ts"],
    dir,
  );
  expect(compiled.out + compiled.err).toBe("");
  expect(compiled.status).toBe(0);
});
