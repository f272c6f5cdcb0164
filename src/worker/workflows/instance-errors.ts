/**
 * Whether Workflows refused to create an instance because its id is taken. Instance ids are chosen so that
 * a repeat (a re-delivered message, a request in the same minute, a retried cron event) maps to the same id,
 * so this answer means "already started", not a failure.
 */
export function isDuplicateInstance(error: unknown): boolean {
  return error instanceof Error && /already exists|duplicate/i.test(error.message);
}
