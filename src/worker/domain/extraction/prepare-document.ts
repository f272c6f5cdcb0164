import { type BoilerplateRule, removeBoilerplate } from "./boilerplate";
import type { DomDocument } from "./dom";
import { liftInlineCaptions } from "./inline-captions";

/**
 * Removes the page's scripts and style sheets, but for its JSON-LD (Readability reads its metadata from it). They
 * hold no text a reader sees, yet an element's textContent includes them: a short block wrapping a 400 KB inline
 * script was matched against every boilerplate pattern (a third of one page's extraction time), and the page's
 * language was guessed from its code. Call after the page's own metadata is read.
 */
export function removeScriptsAndStyles(document: DomDocument): void {
  for (const element of [...document.querySelectorAll("script, style")]) {
    const type = element.getAttribute("type")?.trim().toLowerCase();
    if (element.localName === "script" && type === "application/ld+json") continue;
    element.remove();
  }
}

/**
 * Markup that Readability would lose, rewritten before it runs.
 *
 * MathJax 3 renders each formula twice: as styled <mjx-container> markup for the eye and as MathML for
 * screen readers inside it. Readability removes the container (its class "CtxtMenu_…" reads as a menu), so
 * the formula vanished from the article; keeping only the MathML keeps its text.
 *
 * The <html> element's class and id describe the browser and the layout ("js objectfit with-banner header--big"),
 * never the content. Readability tests every element's class against its unlikely-candidate words, <html> too
 * (only <body> and links are spared), so such a page lost <html> itself and was read from a broken tree (its
 * first paragraph gone). They are dropped.
 */
export function prepareForReadability(
  document: DomDocument,
  boilerplateRules?: ReadonlySet<BoilerplateRule>,
  language?: string,
): void {
  document.documentElement?.removeAttribute("class");
  document.documentElement?.removeAttribute("id");
  for (const container of [...document.querySelectorAll("mjx-container")]) {
    const math = container.querySelector("math");
    if (math) container.replaceWith(math);
  }
  // Readability drops class names, the only sign of a caption hidden in a paragraph.
  liftInlineCaptions(document.body);
  // After the captions are lifted: a credit they hold is then a block of its own.
  removeBoilerplate(document.body, boilerplateRules, language);
}
