/**
 * Puts text on the clipboard: the asynchronous Clipboard API where the browser allows it, else the older
 * `execCommand("copy")` on a hidden text area (insecure origins, older browsers, a denied permission).
 * Rejects when neither worked, so the caller can say so.
 */
export async function copyText(text: string): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return;
    }
  } catch {
    // Denied or unavailable: try the fallback below.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  area.style.pointerEvents = "none";
  document.body.appendChild(area);
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  try {
    area.select();
    // Deprecated, but the only synchronous way to copy where the Clipboard API is missing or refused.
    if (!document.execCommand("copy")) throw new Error("Copy was refused");
  } finally {
    area.remove();
    previous?.focus({ preventScroll: true });
  }
}
