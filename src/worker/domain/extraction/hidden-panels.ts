import type { DomElement } from "./dom";
import { FURNITURE_ROLES, roleSelectors } from "./furniture-roles";
import { linkLength, squash } from "./text-blocks";

/**
 * Shows the page's closed tabs and accordion panels before Readability reads it. A page that keeps a guide's second
 * tab, a product's specifications or its FAQ answers in panels a reader opens with a click hides them in the markup
 * (`hidden`, `aria-hidden="true"`, `display: none`), and Readability skips whatever is hidden: the reader view lost
 * every tab but the first. ARIA says which hidden elements are such panels: a `role="tabpanel"`, or the element an
 * `aria-expanded` control names in `aria-controls`. A menu is not one (its control says `aria-haspopup`, or the
 * panel is a menu or dialog), nor is anything inside the site's navigation, header or footer, nor a panel that is
 * mostly links.
 */
export function showHiddenPanels(root: DomElement): void {
  const panels = new Set<DomElement>();
  const named = new Set<string>();
  for (const element of root.querySelectorAll('[role="tabpanel"], [aria-controls]')) {
    if (element.getAttribute("role") === "tabpanel") panels.add(element);
    const controls = element.getAttribute("aria-controls");
    if (!controls || !element.hasAttribute("aria-expanded")) continue;
    if (element.hasAttribute("aria-haspopup") && element.getAttribute("aria-haspopup") !== "false") continue;
    for (const id of controls.split(/\s+/)) if (id) named.add(id);
  }
  // One pass over the elements with an id, rather than a search of the page for each control.
  if (named.size > 0)
    for (const element of root.querySelectorAll("[id]"))
      if (named.has(element.getAttribute("id") ?? "")) panels.add(element);
  for (const panel of panels) {
    if (!isHidden(panel) || panel.closest(OUTSIDE_THE_CONTENT) || mostlyLinks(panel)) continue;
    panel.removeAttribute("hidden");
    panel.removeAttribute("aria-hidden");
    const style = panel.getAttribute("style");
    if (style) panel.setAttribute("style", style.replace(new RegExp(HIDING_DECLARATION, "gi"), ""));
  }
}

const HIDING_DECLARATION = /(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important)?\s*;?/i;

/** Where a panel is the site's, not the page's: a mega menu's columns, a footer's collapsible link lists. */
const OUTSIDE_THE_CONTENT = [
  "nav",
  "header",
  "footer",
  "dialog",
  ...roleSelectors(FURNITURE_ROLES),
  '[role="listbox"]',
].join(", ");

function isHidden(element: DomElement): boolean {
  if (element.hasAttribute("hidden") || element.getAttribute("aria-hidden") === "true") return true;
  return HIDING_DECLARATION.test(element.getAttribute("style") ?? "");
}

/** More than half of the panel's text is link text: a list of links, not a passage. */
function mostlyLinks(panel: DomElement): boolean {
  const text = squash(panel.textContent ?? "");
  return !text || linkLength(panel) / text.length > 0.5;
}
