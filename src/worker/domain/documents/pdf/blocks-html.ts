import { escapeHtml } from "../../escape-html";
import type { PdfBlock } from "./pdf-layout";

/**
 * A PDF's blocks as the article HTML the viewer shows: h2-h4, p, and ul of li for bulleted runs. Every block says
 * the page it starts on (`data-page`), which a highlight reports.
 */
export function blocksToHtml(blocks: PdfBlock[]): string {
  const out: string[] = [];
  let inList = false;
  for (const block of blocks) {
    if (block.kind !== "item" && inList) {
      out.push("</ul>");
      inList = false;
    }
    const page = ` data-page="${block.page}"`;
    const text = escapeHtml(block.text);
    if (block.kind === "heading") out.push(`<h${block.level}${page}>${text}</h${block.level}>`);
    else if (block.kind === "paragraph") out.push(`<p${page}>${text}</p>`);
    else {
      if (!inList) out.push("<ul>");
      inList = true;
      out.push(`<li${page}>${text}</li>`);
    }
  }
  if (inList) out.push("</ul>");
  return out.join("\n");
}
