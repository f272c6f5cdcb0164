import { MalformedImport } from "./import-item";
import { jsonErrorOffset } from "./json-error-offset";

/** Parses a JSON file, or throws MalformedImport saying on which line it breaks. */
export function readJson(text: string, fileName = "The file"): unknown {
  const source = text.replace(/^\uFEFF/, "");
  try {
    return JSON.parse(source);
  } catch {
    const offset = Math.max(0, jsonErrorOffset(source));
    const line = source.slice(0, offset).split("\n").length;
    throw new MalformedImport(`${fileName} is not valid JSON: it breaks on line ${line}`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((entry) =>
      typeof entry === "string" ? entry : isRecord(entry) && typeof entry.name === "string" ? entry.name : "",
    )
    .filter(Boolean);
}
