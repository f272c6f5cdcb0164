/**
 * One `highlights/<slug>.md` of Omnivore's export zip, as its exporter (`highlightToMarkdown`) wrote it: each
 * highlight is `> quote` (blank lines inside the quote written as `> `), then optionally its labels as `#label`
 * words and its note, each after a blank line; highlights are joined by a blank line. Omnivore wrote no colour
 * there. Text before the first quote is an article note (a highlight of type NOTE). Pure.
 */
export interface OmnivoreHighlight {
  quote: string;
  note: string | null;
  labels: string[];
}

const LABELS = /^#\S+(\s+#\S+)*$/;

export function parseOmnivoreHighlights(markdown: string): { note: string | null; highlights: OmnivoreHighlight[] } {
  const highlights: OmnivoreHighlight[] = [];
  const articleNote: string[] = [];
  let current: (OmnivoreHighlight & { noteParts: string[] }) | null = null;
  const finish = () => {
    if (current?.quote) {
      highlights.push({ quote: current.quote, labels: current.labels, note: current.noteParts.join("\n\n") || null });
    }
  };
  for (const chunk of markdown.replace(/\r\n/g, "\n").split(/\n{2,}/)) {
    const block = chunk.trim();
    if (!block) continue;
    if (block.startsWith(">")) {
      finish();
      const quote = block
        .split("\n")
        .map((line) => line.replace(/^>\s?/, ""))
        .join("\n")
        .trim();
      current = { quote, labels: [], note: null, noteParts: [] };
    } else if (!current) {
      articleNote.push(block);
    } else if (LABELS.test(block) && current.noteParts.length === 0) {
      current.labels = block.split(/\s+/).map((label) => label.slice(1));
    } else {
      current.noteParts.push(block);
    }
  }
  finish();
  return { note: articleNote.join("\n\n") || null, highlights };
}
