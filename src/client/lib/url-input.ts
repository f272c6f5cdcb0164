/** The add-article box (spec §2, §5): one URL per line, trimmed, blank lines dropped, valid and invalid apart. */
export const URL_MESSAGES = {
  empty: "Please enter a URL",
  invalid: "Please enter a valid URL (must start with http:// or https://)",
  noneValid: "No valid URLs found. URLs must start with http:// or https://",
  /** A line of a bulk save that was not sent, in the results panel. */
  notUrl: "not a URL (must start with http:// or https://)",
} as const;

export interface ParsedUrlInput {
  /** Every non-blank line, trimmed, in input order. */
  lines: string[];
  /** The lines that are URLs, as they will be saved (a link written without a scheme gains https://). */
  valid: string[];
  invalid: string[];
}

/**
 * A host name with a dot and a top-level domain of letters, an optional port, then a path, query or fragment: what
 * people paste from an address bar that hides the scheme ("example.com/article", "www.example.com"). Never an
 * email address (no "@"), never something with a scheme of its own ("mailto:", "ftp://").
 */
const SCHEMELESS_LINK = /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

/**
 * A link written without a scheme is saved as https:// (issue 50): today's sites are served over HTTPS, and one
 * that is not redirects. Lines with a scheme, and lines that are not links, are returned as they are.
 */
export function withDefaultScheme(line: string): string {
  return SCHEMELESS_LINK.test(line) ? `https://${line}` : line;
}

/** A URL the server will take: it parses and its scheme is http or https. */
export function isValidArticleUrl(line: string): boolean {
  if (!/^https?:\/\//i.test(line)) return false;
  try {
    return Boolean(new URL(line).hostname);
  } catch {
    return false;
  }
}

export function parseUrlInput(text: string): ParsedUrlInput {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const line of lines) {
    const url = withDefaultScheme(line);
    if (isValidArticleUrl(url)) valid.push(url);
    else invalid.push(line);
  }
  return { lines, valid, invalid };
}

export type SavePlan =
  | { kind: "error"; message: string }
  | { kind: "single"; url: string }
  /** `invalid` lines are not sent; they are named in the results next to the server's answers. */
  | { kind: "bulk"; urls: string[]; invalid: string[] };

/** One line saves one article; several lines go to bulk add with the valid ones. */
export function planSave(text: string): SavePlan {
  const { lines, valid, invalid } = parseUrlInput(text);
  if (lines.length === 0) return { kind: "error", message: URL_MESSAGES.empty };
  if (lines.length === 1) {
    const [url] = valid;
    return url ? { kind: "single", url } : { kind: "error", message: URL_MESSAGES.invalid };
  }
  if (valid.length === 0) return { kind: "error", message: URL_MESSAGES.noneValid };
  return { kind: "bulk", urls: valid, invalid };
}

/** 'Save', 'Save N Articles' when N > 1, 'Saving...' while busy; N counts the valid URLs (what will be saved). */
export function saveButtonLabel(urlCount: number, saving: boolean): string {
  if (saving) return "Saving...";
  return urlCount > 1 ? `Save ${urlCount} Articles` : "Save";
}

/** Plain Enter saves only a box holding one line that is a URL; with more lines Enter starts a new one. */
export function enterSaves({ lines, valid }: ParsedUrlInput): boolean {
  return lines.length === 1 && valid.length === 1;
}

/**
 * 'Found N URLs • <how to save> • Press Escape to cancel' (spec §2), counting only the lines that are URLs and
 * naming the key that saves them: Enter for a single URL, Ctrl+Enter (Cmd+Enter on a Mac) for any number.
 */
export function urlCountHint(parsed: ParsedUrlInput, mac = false): string {
  const count = parsed.valid.length;
  const found = `Found ${count} ${count === 1 ? "URL" : "URLs"}`;
  const key = mac ? "Cmd+Enter" : "Ctrl+Enter";
  const save = enterSaves(parsed)
    ? "Enter to save"
    : count > 1
      ? `${key} to save all`
      : count === 1
        ? `${key} to save`
        : null;
  return [found, save, "Press Escape to cancel"].filter(Boolean).join(" • ");
}

const MAX_NAMED_LINES = 3;
const MAX_NAMED_CHARS = 40;

/** The lines that are not URLs, named apart: '2 lines are not URLs: "a", "b"'; null when every line is one. */
export function invalidLinesHint(invalid: readonly string[]): string | null {
  if (invalid.length === 0) return null;
  const named = invalid
    .slice(0, MAX_NAMED_LINES)
    .map((line) => `"${line.length > MAX_NAMED_CHARS ? `${line.slice(0, MAX_NAMED_CHARS - 1)}…` : line}"`);
  const more = invalid.length - named.length;
  const list = more > 0 ? `${named.join(", ")} and ${more} more` : named.join(", ");
  return invalid.length === 1 ? `1 line is not a URL: ${list}` : `${invalid.length} lines are not URLs: ${list}`;
}
