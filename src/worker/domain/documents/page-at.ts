import { type DomNode, isElement, parseFragment } from "../extraction/dom";

/**
 * The page a position of a document's content falls on (issue 54): content blocks carry `data-page` (the page they
 * start on), and a highlight's position counts characters of the content's text as the viewer's browser does (every
 * text node in order, nothing between blocks: highlights/article-text.ts). Null when the content has no pages.
 */
export function pageAtOffset(html: string | null, offset: number): number | null {
  if (!html?.includes("data-page")) return null;
  let seen = 0;
  let page: number | null = null;
  const visit = (nodes: ArrayLike<DomNode>): boolean => {
    for (const node of Array.from(nodes)) {
      const length = node.textContent?.length ?? 0;
      if (isElement(node)) {
        const marked = Number(node.getAttribute("data-page"));
        if (Number.isInteger(marked) && marked > 0) page = marked;
        // A list holds its pages on its items: look inside when the offset is in it.
        if (seen + length > offset && !node.hasAttribute("data-page")) return visit(node.childNodes);
      }
      if (seen + length > offset) return true;
      seen += length;
    }
    return false;
  };
  visit(parseFragment(html).childNodes);
  return page;
}
