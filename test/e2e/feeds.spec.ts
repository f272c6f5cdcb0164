import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createAccount, FIXTURE_ORIGIN, openSignedIn, shot } from "./helpers";

/**
 * Feeds: a new reader follows five sites from the Subscriptions page (feeds and sites whose feed is discovered), then
 * triages the Feed with the keyboard: open an item, save it to the Library, mark all as seen up to here.
 */
/** Serious and critical axe findings (WCAG 2.1 A and AA) on the screen as shown, one line each. */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`));
}

test.describe("feeds", () => {
  test("a new reader follows five sites and triages what arrives", async ({ page }) => {
    const key = crypto.randomUUID();
    const sites = [
      `${FIXTURE_ORIGIN}/feeds/file/rss2.xml?key=${key}`,
      `${FIXTURE_ORIGIN}/feeds/file/atom.xml?key=${key}`,
      `${FIXTURE_ORIGIN}/feeds/file/feed.json?key=${key}`,
      `${FIXTURE_ORIGIN}/feeds/site?feed=${encodeURIComponent(`/feeds/file/rdf.xml?key=${key}`)}&key=${key}`,
      `${FIXTURE_ORIGIN}/feeds/file/rss091.xml?key=${key}`,
    ];
    const { email } = await createAccount(page);
    await openSignedIn(page, email, "/#/feed");
    await expect(page.getByText("You follow nothing yet.")).toBeVisible();
    await page.getByRole("link", { name: "Add feeds or sites" }).click();

    await page.getByLabel("Feed or site addresses").fill(sites.join("\n"));
    await page.getByLabel("Folder (optional)").fill("Reading");
    await page.getByRole("button", { name: "Subscribe to 5" }).click();
    await expect(page.getByRole("status").filter({ hasText: "5 subscribed" })).toBeVisible();
    const following = page.getByRole("region", { name: /Following/ });
    await expect(following.getByRole("heading", { name: "Following (5)" })).toBeVisible();
    await expect(following.getByRole("link", { name: "RDF Journal" })).toBeVisible();
    await expect(following.getByText("updated just now")).toHaveCount(5);
    await shot(page, "feeds-subscriptions-1280");
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole("link", { name: "Feed", exact: true }).first().click();
    const items = page.locator(".feed-item");
    // Two items from each feed, unseen, newest first; the RSS 0.91 items carry no date and sort as first seen (now).
    await expect(items).toHaveCount(10);
    await expect(items.nth(2).getByRole("button", { name: "Hello JSON" })).toBeVisible();
    await shot(page, "feeds-feed-1280");
    expect(await axeFindings(page)).toEqual([]);

    // j and k move the cursor, o opens the item with the feed's whole text, l saves it to the Library.
    await page.keyboard.press("j");
    await expect(items.first()).toHaveClass(/is-current/);
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("k");
    await expect(items.nth(1)).toHaveClass(/is-current/);
    await items.getByRole("button", { name: "Why long reads need quiet" }).click();
    await expect(page.getByText("The whole essay about quiet reading.")).toBeVisible();
    await page.keyboard.press("l");
    await expect(page.getByText('"Why long reads need quiet" saved to your Library')).toBeVisible();
    await expect(items.nth(4).getByRole("link", { name: "In your Library" })).toBeVisible();

    // Read down to the fourth item and mark all as seen up to there: with the one opened, five are seen.
    await items.nth(3).getByRole("button", { name: "Mark all as seen up to here" }).click();
    await expect(page.getByText("4 items marked as seen")).toBeVisible();
    await expect(items).toHaveCount(5);

    await page.getByLabel("Source").selectOption({ label: "JSON Dispatch" });
    await expect(items).toHaveCount(1);
    await page.getByRole("group", { name: "Show" }).getByText("All", { exact: true }).click();
    await expect(items).toHaveCount(2);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByLabel("Source").selectOption({ label: "All sources" });
    await shot(page, "feeds-feed-375");
    await page.goto("/#/feed/subscriptions");
    await expect(page.getByRole("heading", { name: "Following (5)" })).toBeVisible();
    await shot(page, "feeds-subscriptions-375");

    // A name and a folder of the reader's own: the list regroups under the new folder.
    await page.getByRole("button", { name: "Edit Old School News" }).click();
    await page.getByLabel("Name").fill("Netscape days");
    await page.getByLabel("Folder", { exact: true }).fill("Archive");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("heading", { level: 3, name: "Archive" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Netscape days" })).toBeVisible();
  });
  test("a newsletter arrives as a source to mute, a summary-only item opens as its article; the period and a published feed in Settings", async ({
    page,
  }) => {
    const { email, token } = await createAccount(page);
    const headers = { Authorization: `Bearer ${token}` };
    const address = (await (await page.request.get("/api/email-address", { headers })).json()).address as string;
    // Delivered as Email Routing would, through the local runtime's email endpoint, from the platform's bounce address.
    const eml = readFileSync(new URL("../fixtures/email/slow-news-42.eml", import.meta.url), "utf8").replaceAll(
      "{{TO}}",
      address,
    );
    const delivered = await page.request.post(
      `/cdn-cgi/local/email?from=${encodeURIComponent("bounce-4471@mail121.mcsv.example")}&to=${encodeURIComponent(address)}`,
      { data: eml, headers: { "content-type": "message/rfc822" } },
    );
    expect(delivered.ok()).toBe(true);

    await openSignedIn(page, email, "/#/feed");
    const item = page.locator(".feed-item").first();
    await item.getByRole("button", { name: /Issue 42: The harbour, the tides & a quiet café/ }).click();
    await expect(page.getByText("Spring tides peak on Thursday", { exact: false })).toBeVisible();

    // A feed that gives only a summary: opening its item reads the article from its page, as a saved link is read.
    const teasers = await page.request.post("/api/feeds/subscriptions", {
      headers,
      data: { urls: [`${FIXTURE_ORIGIN}/feeds/file/teasers.xml?key=${crypto.randomUUID()}`] },
    });
    expect((await teasers.json()).subscribed).toBe(1);
    await page.reload();
    await page.getByRole("button", { name: "The long way round the lake" }).click();
    await expect(page.getByText("Tyres lose pressure slowly", { exact: false })).toBeVisible();

    await page.goto("/#/feed/subscriptions");
    const following = page.getByRole("region", { name: /Following/ });
    await expect(following.getByText("Newsletter from letters@slownews.example")).toBeVisible();
    await expect(following.getByRole("link", { name: "unsubscribe page" })).toHaveAttribute(
      "href",
      "https://slownews.example/unsubscribe?u=4471&id=9f2e",
    );
    await expect(following.getByRole("button", { name: "Mute Teaser Weekly" })).toHaveCount(0);
    await following.getByRole("button", { name: "Mute The Slow News" }).click();
    await expect(page.getByText("The Slow News muted: new issues are dropped")).toBeVisible();
    await expect(following.getByRole("button", { name: "Unmute The Slow News" })).toBeVisible();
    await expect(following.getByText(/^muted; last issue/)).toBeVisible();
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(page.getByText("The Slow News muted: new issues are dropped")).toBeHidden();
    await shot(page, "feeds-newsletter-1280");
    expect(await axeFindings(page)).toEqual([]);
    // On a phone its three buttons go under the text rather than squeezing it or widening the page.
    await page.setViewportSize({ width: 375, height: 800 });
    const remove = following.getByRole("button", { name: "Remove The Slow News" });
    await remove.scrollIntoViewIfNeeded();
    await expect(remove).toBeInViewport({ ratio: 1 });
    // Under the text: the sender's line keeps the row's width instead of sharing it with the buttons.
    const text = await following.getByText("Newsletter from letters@slownews.example").boundingBox();
    const button = await remove.boundingBox();
    expect(button?.y).toBeGreaterThan((text?.y ?? 0) + (text?.height ?? 0));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, "feeds-newsletter-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto("/#/settings");
    const feedSettings = page.getByRole("region", { name: "Feed", exact: true });
    await feedSettings.getByLabel("Keep unsaved items for").selectOption({ label: "14 days" });
    await expect(page.getByText("Unsaved items now stay 14 days")).toBeVisible();
    const published = page.getByRole("region", { name: "Publish as a feed" });
    await published.getByRole("button", { name: "Publish" }).click();
    const secret = await published.locator(".new-token-secret").textContent();
    expect(secret).toMatch(/\/api\/atom\/[\w-]{43}$/);
    const atom = await page.request.get(new URL(secret ?? "").pathname);
    expect(atom.status()).toBe(200);
    expect(await atom.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    await published.getByRole("button", { name: "Done" }).click();
    await published.getByRole("button", { name: "Revoke Your whole Library" }).click();
    await page.getByRole("alertdialog", { name: "Revoke this feed?" }).getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByText('Feed "Your whole Library" revoked')).toBeVisible();
    expect((await page.request.get(new URL(secret ?? "").pathname)).status()).toBe(404);
    expect(await axeFindings(page)).toEqual([]);
  });
});
