import { expect, test } from "./fixtures";
import { articleUrl, createAccount, FIXTURE_ORIGIN, openSignedIn, resendIfLost, shot } from "./helpers";

test.describe("settings: API tokens", () => {
  test("creates a token shown once with Copy, lists it without the secret, and revokes it", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { email } = await createAccount(page);
    await openSignedIn(page, email, "/#/dashboard");
    await page.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/#\/settings$/);
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expect(page.getByText("You have no API tokens yet.")).toBeVisible();

    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByText("Please give the token a name")).toBeVisible();

    await page.getByLabel("Token name").fill("  Laptop script  ");
    await page.getByRole("button", { name: "Create token" }).click();
    const panel = page.getByRole("status", { name: "New token Laptop script" });
    await expect(panel).toContainText("It will not be shown again");
    const secret = (await panel.locator("code").innerText()).trim();
    expect(secret).toMatch(/^vr_[A-Za-z0-9_-]{43}$/);
    await panel.getByRole("button", { name: "Copy" }).click();
    await expect(panel.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const list = page.getByRole("list", { name: "Your API tokens" });
    const row = list.getByRole("listitem").filter({ hasText: "Laptop script" });
    await expect(row).toContainText("Last used never");
    await expect(list).not.toContainText(secret);

    // The token works on the API; "last used" shows it after a reload, and the secret is gone for good.
    const saved = await resendIfLost(() =>
      page.request.post("/api/articles/", {
        data: { url: articleUrl(`Token save ${Date.now()}`) },
        headers: { Authorization: `Bearer ${secret}` },
      }),
    );
    expect(saved.status()).toBe(201);
    await page.reload();
    await expect(row).not.toContainText("Last used never");
    await expect(page.getByText(secret)).toHaveCount(0);

    // The product's own confirm dialog, not the browser's (which would fail this test: none is accepted here).
    await row.getByRole("button", { name: "Revoke Laptop script" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Revoke API token?" });
    await expect(confirm).toContainText('Revoke "Laptop script"? Anything using it will stop working.');
    await shot(page, "confirm-revoke-token");
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByText("You have no API tokens yet.")).toBeVisible();
    await expect(confirm).toBeHidden();
    const refused = await page.request.get("/api/articles/", { headers: { Authorization: `Bearer ${secret}` } });
    expect(refused.status()).toBe(401);
  });

  test("a second new token offers Copy afresh after the first was copied", async ({ page, context }) => {
    // Issue 31 item 8: the second token's panel already said "Copied" (the first panel's state was kept).
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { email } = await createAccount(page);
    await openSignedIn(page, email, "/#/settings");
    const create = async (name: string) => {
      await page.getByLabel("Token name").fill(name);
      await page.getByRole("button", { name: "Create token" }).click();
      const panel = page.getByRole("status", { name: `New token ${name}` });
      await expect(panel).toBeVisible();
      return panel;
    };
    const first = await create("First script");
    await first.getByRole("button", { name: "Copy" }).click();
    await expect(first.getByRole("button", { name: "Copied" })).toBeVisible();

    const second = await create("Second script");
    await expect(second.getByRole("button", { name: "Copy", exact: true })).toBeVisible();
    await expect(second.getByRole("button", { name: "Copied" })).toHaveCount(0);
    const secret = (await second.locator("code").innerText()).trim();
    await second.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(second.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  });

  test("keeps a token when the revoke is cancelled", async ({ page }) => {
    const { email } = await createAccount(page);
    await openSignedIn(page, email, "/#/settings");
    await page.getByLabel("Token name").fill("Keep me");
    await page.getByRole("button", { name: "Create token" }).click();
    const row = page.getByRole("list", { name: "Your API tokens" }).getByRole("listitem");
    await expect(row).toContainText("Keep me");
    await row.getByRole("button", { name: "Revoke Keep me" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Revoke API token?" });
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await page.reload();
    await expect(row).toContainText("Keep me");
  });
});

test.describe("settings: bookmarklet", () => {
  test("offers a draggable link whose code opens /#/save for the current page in a small window", async ({
    page,
    context,
    baseURL,
  }) => {
    const { email } = await createAccount(page);
    await openSignedIn(page, email, "/#/settings");
    const link = page.getByRole("link", { name: "Save to VibeRead" });
    await expect(link).toHaveAttribute("href", /^javascript:/);
    const href = (await link.getAttribute("href")) ?? "";
    const code = decodeURIComponent(href.slice("javascript:".length));
    expect(code).toContain(`${baseURL}/#/save?url=`);

    // Run it as the browser would on some other site's page, and catch the window it opens.
    const title = `Bookmarklet page ${Date.now()}`;
    const fixture = await context.newPage();
    await fixture.goto(articleUrl(title));
    // A bookmark runs its javascript: URL in the page it is clicked on: the same as a link with it there.
    await fixture.evaluate((bookmark) => {
      const anchor = document.createElement("a");
      anchor.href = bookmark;
      anchor.textContent = "Run the bookmarklet";
      document.body.insertBefore(anchor, document.body.firstChild);
    }, href);
    const [popup] = await Promise.all([
      fixture.waitForEvent("popup"),
      fixture.getByRole("link", { name: "Run the bookmarklet" }).click(),
    ]);
    await popup.waitForURL(/#\/save\?/);
    const opened = new URL(popup.url());
    const params = new URLSearchParams(opened.hash.slice(opened.hash.indexOf("?")));
    expect(opened.origin).toBe(baseURL);
    expect(params.get("url")).toBe(articleUrl(title));
    expect(params.get("url")?.startsWith(FIXTURE_ORIGIN)).toBe(true);
    expect(params.get("title")).toBe(title);
    // The popup shares the signed-in session, so it saves the page.
    await expect(popup.getByRole("heading", { name: "Saved" })).toBeVisible();
  });
});

test.describe("settings: save by email, browser extension, install the app", () => {
  test("shows the private address with Copy, and Rotate (after a confirm) replaces it", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { email } = await createAccount(page);
    await openSignedIn(page, email, "/#/settings");
    const section = page.getByRole("region", { name: "Save by email" });
    const address = section.locator("code");
    await expect(address).toHaveText(/^save-[A-Za-z0-9]+@\S+$/);
    const first = (await address.innerText()).trim();

    await section.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByText("Copied to clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    // Cancelling keeps the address; confirming replaces it, and a reload shows the new one from the server.
    await section.getByRole("button", { name: "Rotate" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Rotate email address" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(address).toHaveText(first);

    await section.getByRole("button", { name: "Rotate" }).click();
    await dialog.getByRole("button", { name: "Rotate" }).click();
    await expect(page.getByText("New address created. The old one no longer works.")).toBeVisible();
    await expect(address).not.toHaveText(first);
    await expect(address).toHaveText(/^save-[A-Za-z0-9]+@\S+$/);
    const second = (await address.innerText()).trim();
    await page.reload();
    await expect(address).toHaveText(second);
  });

  test("lists the ways in, in order, with the extension's build command and the install steps", async ({
    page,
    baseURL,
  }) => {
    const { email } = await createAccount(page);
    await openSignedIn(page, email, "/#/settings");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText([
      "Reading and theme",
      "API tokens",
      "Save by email",
      "Feed",
      "Publish as a feed",
      "E-books",
      "Browser extension",
      "Bookmarklet",
      "Install the app",
      "Offline reading",
      "Connected apps",
      "Import",
      "Export",
      "Password",
      "Delete account",
    ]);
    const extension = page.getByRole("region", { name: "Browser extension" });
    await expect(extension.getByText("npm run build:extension", { exact: true })).toBeVisible();
    await expect(extension.getByText(String(baseURL), { exact: true })).toBeVisible();
    // The extension built with the app, served by it: a zip per browser, with the steps to load it.
    await expect(extension.getByRole("list", { name: "Install the extension" })).toContainText("Load unpacked");
    for (const [name, file] of [
      ["Download for Chrome, Edge (zip)", "viberead-chrome.zip"],
      ["Download for Firefox (zip)", "viberead-firefox.zip"],
    ]) {
      const link = extension.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", `/extension/${file}`);
      const zip = await page.request.get(`/extension/${file}`);
      expect(zip.status()).toBe(200);
      const bytes = await zip.body();
      expect(bytes.subarray(0, 4).toString("hex")).toBe("504b0304");
      for (const entry of ["manifest.json", "popup.js", "background.js", "icons/icon-128.png"]) {
        expect(bytes.includes(Buffer.from(entry))).toBe(true);
      }
    }
    await shot(page, "settings-extension");
    const install = page.getByRole("region", { name: "Install the app" });
    await expect(install).toBeVisible();
    await expect(install.getByRole("listitem").filter({ hasText: "iPhone or iPad" })).toBeVisible();
  });
});
