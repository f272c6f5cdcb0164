import type { Locator, Page } from "@playwright/test";
import { samplePaper } from "../fixtures/documents/pdf-builder";
import { expect, test } from "./fixtures";
import { createAccount, resendIfLost, resendLostAppUploads, shot, signInWithToken } from "./helpers";

/** Selects `phrase` in `container` as a drag would, and releases the mouse over its last line. */
async function selectPhrase(container: Locator, phrase: string) {
  await container.evaluate((element, phrase) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const at = text.data.indexOf(phrase);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + phrase.length);
      const selection = document.getSelection() as Selection;
      selection.removeAllRanges();
      selection.addRange(range);
      const rects = range.getClientRects();
      const last = rects[rects.length - 1] ?? range.getBoundingClientRect();
      const init = { bubbles: true, button: 0, clientX: last.right - 1, clientY: last.bottom - 2 };
      const target = document.elementFromPoint(init.clientX, init.clientY) ?? element;
      target.dispatchEvent(new PointerEvent("pointerup", { ...init, isPrimary: true, pointerType: "mouse" }));
      target.dispatchEvent(new MouseEvent("mouseup", init));
      return;
    }
    throw new Error(`"${phrase}" is not in one text node`);
  }, phrase);
}

async function articleStatus(page: Page, token: string, id: number): Promise<string | null> {
  const response = await resendIfLost(() =>
    page.request.get(`/api/articles/${id}`, { headers: { Authorization: `Bearer ${token}` } }),
  );
  return response.ok() ? (await response.json()).processing_status : null;
}

test.describe("Documents (issue 54)", () => {
  test("a PDF uploaded through the add box is read, highlighted, and its original opened beside it", async ({
    page,
    context,
  }) => {
    await resendLostAppUploads(context);
    const { email, token } = await createAccount(page);
    await signInWithToken(page, email);
    await page.goto("/#/");
    await expect(page.getByText(/or drop one here: PDF, EPUB, HTML, Markdown or text, up to 50 MB/)).toBeVisible();

    // A file that is not what its name says, dropped on the box: refused with the reason, nothing saved.
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
      transfer.items.add(new File([png], "paper.pdf", { type: "application/pdf" }));
      return transfer;
    });
    const box = page.getByRole("region", { name: "Save articles" });
    await box.dispatchEvent("dragover", { dataTransfer: dropped });
    await box.dispatchEvent("drop", { dataTransfer: dropped });
    await expect(box.getByRole("alert")).toHaveText(/named as a PDF but its content is a PNG image/);
    await shot(page, "documents-add-box-refused-1280");

    // The picker: a three-page paper.
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/documents") && r.request().method() === "POST");
    await page
      .getByLabel("Choose a document to upload")
      .setInputFiles({ name: "how-bees-dance.pdf", mimeType: "application/pdf", buffer: Buffer.from(samplePaper()) });
    const response = await saved;
    expect(response.status()).toBe(201);
    const id = (await response.json()).id as number;
    await expect.poll(() => articleStatus(page, token, id), { timeout: 90_000 }).toBe("completed");

    await page.goto(`/#/article/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "How Bees Dance" })).toBeVisible();
    await page.getByRole("tab", { name: "Content" }).click();
    const content = page.locator(".viewer-content");
    await expect(content.getByRole("heading", { name: "Introduction" })).toBeVisible();
    // The running header is gone, the hyphenated word whole, and each block knows its page.
    await expect(content).not.toContainText("Journal of Quiet Reading");
    await expect(content).toContainText("careful observation in three meadows");
    await expect(content.locator('p[data-page="2"]')).toContainText("Dances grew longer");

    await selectPhrase(content, "Dances grew longer as the summer went on");
    await page.getByRole("menu", { name: "Selected text" }).getByRole("menuitem", { name: "Highlight" }).click();
    await expect(content.getByRole("button", { name: "Highlight: Dances grew longer" })).toBeVisible();
    await expect
      .poll(async () => {
        const listed = await page.request.get(`/api/articles/${id}/highlights`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await listed.json()).highlights as { quote: string }[]).map((h) => h.quote);
      })
      .toEqual(["Dances grew longer as the summer went on"]);

    await shot(page, "documents-pdf-reader-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, "documents-pdf-reader-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    // Open original: the PDF itself, in a tab of its own beside the text (headless Chromium downloads a PDF
    // rather than showing it, so the tab's load is not awaited: the file it was handed is what is checked).
    const popup = page.waitForEvent("popup");
    const original = page.waitForResponse((r) => r.url().endsWith(`/api/documents/${id}/original`));
    await page.getByRole("button", { name: "Open original" }).first().click();
    await popup;
    const file = await original;
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect(file.headers()["content-length"]).toBe(String(samplePaper().byteLength));
  });
});
