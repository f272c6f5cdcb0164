/**
 * The ARIA roles of a page's furniture: navigation, asides, the site's header and footer, search, dialogs and menus.
 * Never the text a reader came for, whichever element carries them (a forum's "Related topics" box is
 * `<div role="complementary">`, not an <aside>).
 */
export const FURNITURE_ROLES = [
  "navigation",
  "complementary",
  "contentinfo",
  "banner",
  "search",
  "dialog",
  "alertdialog",
  "menu",
  "menubar",
] as const;

/** CSS selectors for elements with any of `roles`. */
export function roleSelectors(roles: readonly string[]): string[] {
  return roles.map((role) => `[role="${role}"]`);
}

/** A trail of links to the page's sections, as schema.org marks it (whatever its class says): never the article. */
export const BREADCRUMB_LIST = '[itemtype$="schema.org/BreadcrumbList"]';
