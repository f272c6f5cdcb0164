import { type SaveOutcome, saveToVibeRead } from "./save-client";
import { loadSettings } from "./settings";

/**
 * Opening the popup (the toolbar button) saves the current tab with its HTML and shows the outcome.
 * `?tabId=<id>` names the tab instead of the active one, so a test (or another extension page) can drive it.
 */
const status = document.getElementById("status") as HTMLElement;
const detail = document.getElementById("detail") as HTMLElement;
const open = document.getElementById("open") as HTMLAnchorElement;

function show(outcome: SaveOutcome) {
  if (outcome.kind === "error") {
    status.textContent = "Could not save";
    detail.textContent = outcome.message;
    return;
  }
  status.textContent = outcome.kind === "saved" ? "Saved" : "Already saved";
  detail.textContent = outcome.title;
  open.href = outcome.articleUrl;
  open.hidden = false;
}

async function targetTabId(): Promise<number | undefined> {
  const requested = Number(new URLSearchParams(location.search).get("tabId"));
  if (Number.isInteger(requested) && requested > 0) return requested;
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

async function savePage(): Promise<SaveOutcome> {
  const tabId = await targetTabId();
  if (tabId === undefined) return { kind: "error", message: "There is no tab to save." };
  let page: { url: string; html: string } | undefined;
  try {
    const [injected] = await chrome.scripting.executeScript({
      target: { tabId },
      func: () => ({ url: location.href, html: document.documentElement.outerHTML }),
    });
    page = injected?.result;
  } catch {
    // Browser pages (chrome://, the web store, PDFs) cannot be read by any extension.
  }
  if (!page) return { kind: "error", message: "This page cannot be read by extensions, so it cannot be saved." };
  if (!/^https?:/i.test(page.url)) return { kind: "error", message: "Only web pages (http or https) can be saved." };
  return saveToVibeRead(await loadSettings(), page);
}

savePage()
  .then(show)
  .catch((error: unknown) => show({ kind: "error", message: String(error) }));
