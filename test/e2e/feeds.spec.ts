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
});
