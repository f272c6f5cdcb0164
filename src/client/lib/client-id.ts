/**
 * An id a device gives a write before sending it (a highlight's `client_id`): a retried or queued write is then
 * stored once. 32 hex characters, within the API's 8-64 of [A-Za-z0-9_-]. `crypto.randomUUID` exists only in
 * secure contexts; the app served over plain HTTP on a home network falls back to `getRandomValues`, which does not.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID().replaceAll("-", "");
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
