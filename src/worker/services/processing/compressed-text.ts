/**
 * Workflow step results are limited to 1 MiB, and fetched pages can be larger, so a page travels from the
 * fetch step to the extract step gzip-compressed and base64-encoded (HTML compresses about 5 to 10 times).
 */
export const MAX_STEP_PAYLOAD_CHARS = 900_000;

export async function compressText(text: string): Promise<string> {
  // TextEncoder writes each lone surrogate (a saved page may hold one) as U+FFFD, as the Encoding standard says;
  // workerd's Blob wrote its three bytes as they were, which read back as three U+FFFD.
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  // String.fromCharCode takes its bytes as arguments, so large buffers go in slices.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function decompressText(encoded: string): Promise<string> {
  const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).text();
}
