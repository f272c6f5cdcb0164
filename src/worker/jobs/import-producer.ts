import type { ImportMessage, ImportProcessMessage, ImportRowsMessage, QueuedImportItem } from "./import-message";

/** Queues take at most 100 messages and 256 KB per sendBatch, and 128 KB per message; these stay under. */
const MESSAGES_PER_SEND = 100;
const BYTES_PER_SEND = 200 * 1024;
export const ROWS_PER_MESSAGE = 100;
export const BYTES_PER_MESSAGE = 100 * 1024;

export interface ImportQueue {
  /** Puts a file's rows on the queue in messages of at most 100 rows (and 100 KB). */
  sendRows(importId: number, userId: number, rows: { row: number; item: QueuedImportItem }[]): Promise<void>;
  /** Queues the import's next articles for processing, at the back of the queue (after a delay, if given). */
  sendProcessing(message: Omit<ImportProcessMessage, "kind">, options?: { delaySeconds?: number }): Promise<void>;
}

const size = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).byteLength;

export function createImportQueue(queue: Queue): ImportQueue {
  async function send(messages: ImportMessage[]): Promise<void> {
    let batch: { body: ImportMessage }[] = [];
    let bytes = 0;
    for (const body of messages) {
      const bodyBytes = size(body);
      if (batch.length > 0 && (batch.length >= MESSAGES_PER_SEND || bytes + bodyBytes > BYTES_PER_SEND)) {
        await queue.sendBatch(batch);
        batch = [];
        bytes = 0;
      }
      batch.push({ body });
      bytes += bodyBytes;
    }
    if (batch.length > 0) await queue.sendBatch(batch);
  }

  return {
    async sendRows(importId, userId, rows) {
      const messages: ImportRowsMessage[] = [];
      let current: ImportRowsMessage["rows"] = [];
      let bytes = 0;
      for (const row of rows) {
        const rowBytes = size(row);
        if (current.length > 0 && (current.length >= ROWS_PER_MESSAGE || bytes + rowBytes > BYTES_PER_MESSAGE)) {
          messages.push({ kind: "rows", importId, userId, rows: current });
          current = [];
          bytes = 0;
        }
        current.push(row);
        bytes += rowBytes;
      }
      if (current.length > 0) messages.push({ kind: "rows", importId, userId, rows: current });
      await send(messages);
    },

    async sendProcessing(message, options) {
      await queue.send({ kind: "process-import", ...message }, options);
    },
  };
}
