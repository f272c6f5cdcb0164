import { expect, test } from "./fixtures";
import { createAccount, PASSWORD, resendIfLost, signIn, uniqueEmail } from "./helpers";

test.describe("register", () => {
  test("shows each validation message inline, then signs up and lands on the dashboard", async ({ page }) => {
    await page.goto("/#/register");
    await expect(page).toHaveTitle("[DEV] Create account | VibeRead");
    await expect(page.getByText("Must be at least 8 characters long")).toBeVisible();

    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByText("Please confirm your password")).toBeVisible();

    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("different");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Email address is invalid")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    const email = uniqueEmail();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    // The request is held until the busy label has been seen, as a user on a slow network would see it (a fixed
    // delay can be over before a busy machine has drawn the label).
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = () => resolve();
    });
    await page.route("**/api/auth/register", async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("button", { name: "Creating account..." })).toBeDisabled();
    release();

    await expect(page).toHaveURL(/#\/dashboard$/);
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
    await expect(page.getByText("Reading is slow. Just vibe it.")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeTruthy();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("user"))) ?? "{}").email).toBe(email);
  });

  test("shows the server's detail for an email that is taken", async ({ page }) => {
    const { email } = await createAccount(page);
    await page.goto("/#/register");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("alert")).toHaveText("An account with this email already exists");
    await expect(page).toHaveURL(/#\/register$/);
  });
});

test.describe("sign in and out", () => {
  test("signs out, then signs back in", async ({ page }) => {
    const { email } = await createAccount(page);
    await page.goto("/#/login");
    await expect(page).toHaveTitle("[DEV] Sign in | VibeRead");
    await signIn(page, email);
    await expect(page).toHaveURL(/#\/dashboard$/);
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/#\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();

    await signIn(page, email);
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
  });

  test("a bad password shows the error box and the busy label while checking", async ({ page }) => {
    const { email } = await createAccount(page);
    await page.goto("/#/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();

    // Held until the busy label has been seen.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = () => resolve();
    });
    await page.route("**/api/auth/login", async (route) => {
      await released;
      await route.continue();
    });
    await signIn(page, email, "the-wrong-password");
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    release();
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");
    await expect(page).toHaveURL(/#\/login$/);
  });

  test("has links to create an account and to the legal pages", async ({ page }) => {
    await page.goto("/#/login");
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/#\/register$/);
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByRole("navigation", { name: "Legal" }).getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  });
});

test.describe("protected routes", () => {
  test("redirect to /login and come back to the return target after signing in", async ({ page }) => {
    const { email } = await createAccount(page);
    await page.goto("/#/stats");
    await expect(page).toHaveURL(/#\/login\?return=%2Fstats$/);
    await signIn(page, email);
    await expect(page).toHaveURL(/#\/stats$/);
    await expect(page.getByRole("heading", { name: "Reading statistics" })).toBeVisible();
    await expect(page).toHaveTitle("[DEV] Statistics | VibeRead");
  });

  test("show 'Loading...' while the stored session is checked", async ({ page }) => {
    const { email } = await createAccount(page);
    await page.goto("/#/login");
    await signIn(page, email);
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
    // Held until 'Loading...' has been seen.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = () => resolve();
    });
    await page.route("**/api/auth/me", async (route) => {
      await released;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByRole("status")).toHaveText("Loading...");
    release();
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
  });

  test("a rejected token (401) clears local storage and goes to /login", async ({ page }) => {
    const { email, password } = await createAccount(page);
    await page.goto("/#/login");
    await signIn(page, email, password);
    await expect(page).toHaveURL(/#\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem("authToken"));
    // Revoke this session from elsewhere, as signing out on another device would.
    const logout = await resendIfLost(() =>
      page.request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${token}` } }),
    );
    expect(logout.status()).toBe(204);

    // The next API call (here: confirming the session on load) answers 401.
    await page.reload();
    await expect(page).toHaveURL(/#\/login\?return=%2Fdashboard$/);
    expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
  });

  test("a check of the stored session that fails for another reason (no answer, 503) keeps the reader signed in", async ({
    page,
  }) => {
    const { email } = await createAccount(page);
    await page.goto("/#/login");
    await signIn(page, email);
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();

    // A request cut off (as a reload cuts off the one before it), then a server error: neither judges the session.
    await page.route("**/api/auth/me", (route) => route.abort("failed"));
    await page.reload();
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
    await page.unroute("**/api/auth/me");
    await page.route("**/api/auth/me", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"detail":"Try again later"}' }),
    );
    await page.reload();
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
    await expect(page).toHaveURL(/#\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem("authToken"))).not.toBeNull();

    // The server answers again: the session is confirmed, nothing was lost.
    await page.unroute("**/api/auth/me");
    await page.reload();
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
  });

  test("signed-in users skip /login and /register", async ({ page }) => {
    const { email } = await createAccount(page);
    await page.goto("/#/login?return=%2Ftopics");
    await signIn(page, email);
    await expect(page).toHaveURL(/#\/topics$/);
    await page.goto("/#/register");
    await expect(page).toHaveURL(/#\/dashboard$/);
    await page.goto("/#/login");
    await expect(page).toHaveURL(/#\/dashboard$/);
  });

  test("a full URL return target is followed only on this app's own origin", async ({ page, baseURL }) => {
    const { email } = await createAccount(page);
    const own = `${baseURL}/#/stats`;
    await page.goto(`/#/login?return=${encodeURIComponent(own)}`);
    await signIn(page, email);
    await expect(page).toHaveURL(/#\/stats$/);

    await page.goto(`/#/login?return=${encodeURIComponent("https://evil.example.com/steal")}`);
    await expect(page).toHaveURL(/#\/dashboard$/);
  });

  test("shows 'Signed in as <email>. Redirecting to authorization...' while following a full URL", async ({
    page,
    baseURL,
  }) => {
    const { email } = await createAccount(page);
    // The target's page is held back until the interim screen has been observed.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = () => resolve();
    });
    await page.route("**/authorize?**", async (route) => {
      await released;
      await route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Authorize</h1>" });
    });
    await page.goto(`/#/login?return=${encodeURIComponent(`${baseURL}/authorize?client_id=x`)}`);
    // A locator cannot look at a page that is navigating away, so the page reports what it showed.
    const shown: string[] = [];
    await page.exposeFunction("reportText", (text: string) => shown.push(text));
    await page.evaluate(() => {
      const report = (window as unknown as { reportText(text: string): void }).reportText;
      new MutationObserver(() => report(document.body.innerText)).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    // Not awaited yet: the click may wait for the navigation it starts, and that navigation is held until release
    // (a busy machine in run L: the click, the held page and the test waited on each other for 90 s).
    const signedIn = signIn(page, email);
    // The account the waiting app will ask about is named while the page goes there.
    await expect
      .poll(() => shown.some((text) => text.includes(`Signed in as ${email}. Redirecting to authorization...`)))
      .toBe(true);
    release();
    await signedIn;
    await expect(page.getByRole("heading", { name: "Authorize" })).toBeVisible();
  });
});
