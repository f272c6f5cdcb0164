import { documentErrors } from "../../domain/documents/document-error";
import type { ReadDocument } from "../../domain/documents/read-document";
import { compressText, decompressText, MAX_STEP_PAYLOAD_CHARS } from "./compressed-text";

/**
 * A read document as it travels between Workflow steps and waits as an upload's source: JSON, gzip + base64, like
 * a fetched page. Over the step limit (a document of several MB of text) it is refused as too long, before
 * anything is stored.
 */
export async function encodeReadDocument(document: ReadDocument): Promise<string> {
  // Pictures are kept apart (the image cache), not carried as text.
  const { images: _images, ...text } = document;
  const encoded = await compressText(JSON.stringify(text));
  if (encoded.length > MAX_STEP_PAYLOAD_CHARS) throw documentErrors.tooLong();
  return encoded;
}

export async function decodeReadDocument(encoded: string): Promise<ReadDocument> {
  return JSON.parse(await decompressText(encoded)) as ReadDocument;
}
