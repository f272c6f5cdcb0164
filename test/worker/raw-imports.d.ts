declare module "*?raw" {
  const text: string;
  export default text;
}

/** A fixture's bytes, base64 (vitest.config.ts: bytesImport). */
declare module "*?bytes" {
  const base64: string;
  export default base64;
}
