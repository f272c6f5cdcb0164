/** The add-article box (spec §2, §5): one URL per line, trimmed, blank lines dropped, valid and invalid apart. */
export const URL_MESSAGES = {
  empty: "Please enter a URL",
  invalid: "Please enter a valid URL (must start with http:// or https://)",
  noneValid: "No valid URLs found. URLs must start with http:// or https://",
} as const;

export interface ParsedUrlInput {
  /** Every non-blank line, trimmed, in input order. */
  lines: string[];
  valid: string[];
  invalid: string[];
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
  for (const line of lines) (isValidArticleUrl(line) ? valid : invalid).push(line);
  return { lines, valid, invalid };
}

export type SavePlan =
  | { kind: "error"; message: string }
  | { kind: "single"; url: string }
  /** `invalid` lines are not sent; they are counted in the results next to the server's counts. */
  | { kind: "bulk"; urls: string[]; invalid: number };

/** One line saves one article; several lines go to bulk add with the valid ones. */
export function planSave(text: string): SavePlan {
  const { lines, valid, invalid } = parseUrlInput(text);
  if (lines.length === 0) return { kind: "error", message: URL_MESSAGES.empty };
  if (lines.length === 1) {
    const [url] = valid;
    return url ? { kind: "single", url } : { kind: "error", message: URL_MESSAGES.invalid };
  }
  if (valid.length === 0) return { kind: "error", message: URL_MESSAGES.noneValid };
  return { kind: "bulk", urls: valid, invalid: invalid.length };
}

/** 'Save', 'Save N Articles' when N > 1, 'Saving...' while busy; N counts the non-blank lines. */
export function saveButtonLabel(lineCount: number, saving: boolean): string {
  if (saving) return "Saving...";
  return lineCount > 1 ? `Save ${lineCount} Articles` : "Save";
}

export function urlCountHint(lineCount: number): string {
  return `Found ${lineCount} URLs • Press Escape to cancel`;
}
