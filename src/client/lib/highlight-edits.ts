import type { Highlight } from "../api/types";

/** The fields of a highlight the reader edits. */
export type EditedField = "color" | "note";
const EDITED_FIELDS: readonly EditedField[] = ["color", "note"];

/**
 * The time of the reader's latest edit of each field of each highlight shown in this page. Edits are sent as they
 * are made, and their answers can come back in any order: an answer only speaks for the fields it changed, and
 * only when no newer edit of them is still on its way.
 */
export class EditLog {
  private readonly latest = new Map<string, number>();

  private static keyOf(highlight: Pick<Highlight, "id" | "client_id">, field: EditedField) {
    return `${highlight.client_id ?? `#${highlight.id}`}:${field}`;
  }

  /** Notes an edit made at `writtenAt` (ms). */
  record(highlight: Pick<Highlight, "id" | "client_id">, fields: Iterable<EditedField>, writtenAt: number) {
    for (const field of fields) {
      const key = EditLog.keyOf(highlight, field);
      this.latest.set(key, Math.max(this.latest.get(key) ?? 0, writtenAt));
    }
  }

  /** The fields of `fields` whose latest edit is the one made at `writtenAt`. */
  private stillLatest(highlight: Highlight, fields: ReadonlySet<EditedField>, writtenAt: number): EditedField[] {
    return EDITED_FIELDS.filter(
      (field) => fields.has(field) && (this.latest.get(EditLog.keyOf(highlight, field)) ?? 0) <= writtenAt,
    );
  }

  /**
   * The highlight to show once the server answered the edit of `fields` made at `writtenAt`: the server's, with
   * the shown value kept for each field this edit did not change or a newer edit changed since.
   */
  answered(shown: Highlight, saved: Highlight, fields: ReadonlySet<EditedField>, writtenAt: number): Highlight {
    const merged: Highlight = { ...saved, color: shown.color, note: shown.note };
    for (const field of this.stillLatest(shown, fields, writtenAt)) Object.assign(merged, { [field]: saved[field] });
    return merged;
  }

  /** The highlight to show when the server refused that edit: its fields back as they were, unless edited since. */
  refused(shown: Highlight, before: Highlight, fields: ReadonlySet<EditedField>, writtenAt: number): Highlight {
    const reverted: Highlight = { ...shown };
    for (const field of this.stillLatest(shown, fields, writtenAt)) Object.assign(reverted, { [field]: before[field] });
    return reverted;
  }
}
