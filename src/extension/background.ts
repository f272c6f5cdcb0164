import { saveToVibeRead } from "./save-client";
import { loadSettings } from "./settings";

/** The context menu saves a link by its URL alone (the linked page is not open, so there is no HTML to send). */
const MENU_ID = "save-link";

chrome.runtime.onInstalled.addListener(() => {
  // Re-created on every install and update; removing first keeps an update from failing on a duplicate id.
  chrome.contextMenus.removeAll().then(() => {
    chrome.contextMenus.create({ id: MENU_ID, title: "Save link to VibeRead", contexts: ["link"] });
  });
});

chrome.contextMenus.onClicked.addListener(async (info) => {
  if (info.menuItemId !== MENU_ID || !info.linkUrl) return;
  const outcome = await saveToVibeRead(await loadSettings(), { url: info.linkUrl });
  // No notifications permission: the badge and its tooltip report the outcome.
  const badge = { saved: ["✓", "#15803d"], duplicate: ["=", "#2563eb"], error: ["!", "#b91c1c"] } as const;
  const [text, color] = badge[outcome.kind];
  await chrome.action.setBadgeBackgroundColor({ color });
  await chrome.action.setBadgeText({ text });
  await chrome.action.setTitle({
    title:
      outcome.kind === "error"
        ? `VibeRead: ${outcome.message}`
        : `VibeRead: ${outcome.kind === "saved" ? "saved" : "already saved"} ${outcome.title}`,
  });
});
