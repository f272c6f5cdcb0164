/**
 * How the local vector index stores a vector in its text column: "f32:", a random 8-character version tag,
 * ":" and the base64 of the vector's little-endian 32-bit floats. A third of the size of a JSON array of
 * doubles and no JSON parsing; float32 keeps about 7 significant digits, far more than the 4 decimals a
 * similarity is reported with. The tag changes on every write, so `VERSION_CHARS` characters of the column
 * tell whether a vector decoded earlier is still the stored one (see d1-vector-index). Rows written as JSON
 * arrays by earlier versions are still read.
 */
const PREFIX = "f32:";
/** Length of the prefix that identifies one stored version of a vector: "f32:" + tag + ":". */
export const VERSION_CHARS = PREFIX.length + 9;

export function encodeVector(vector: number[]): string {
  const bytes = new Uint8Array(Float32Array.from(vector).buffer);
  let binary = "";
  // String.fromCharCode takes its bytes as arguments, so large vectors go in slices.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const tag = crypto.randomUUID().replace(/-/g, "").slice(0, 8);
  return `${PREFIX}${tag}:${btoa(binary)}`;
}

export function decodeVector(stored: string): Float32Array {
  if (!stored.startsWith(PREFIX)) return Float32Array.from(JSON.parse(stored) as number[]);
  const binary = atob(stored.slice(VERSION_CHARS));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Float32Array(bytes.buffer);
}
