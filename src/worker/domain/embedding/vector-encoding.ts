/**
 * How the local vector index stores a vector in its text column: "f32:", the vector's space (the name of the
 * embedder that made it), ":", a random 8-character version tag, ":" and the base64 of the vector's
 * little-endian 32-bit floats. A third of the size of a JSON array of doubles and no JSON parsing; float32
 * keeps about 7 significant digits, far more than the 4 decimals a similarity is reported with.
 *
 * The space keeps vectors of different embedders apart: a cosine between them means nothing, so an index
 * reads only its own space's rows (rows of earlier embedders, including the JSON arrays of the first
 * version, count as not embedded until the article is processed again). The tag changes on every write, so
 * the first `versionChars(space)` characters of the column tell whether a vector decoded earlier is still
 * the stored one (see d1-vector-index).
 */
const FORMAT = "f32:";
const TAG_CHARS = 8;

/** The start shared by every stored vector of one space. */
export function spacePrefix(space: string): string {
  if (!/^[a-z0-9.-]+$/.test(space)) throw new Error(`invalid vector space name: ${space}`);
  return `${FORMAT}${space}:`;
}

/** Length of the prefix that identifies one stored version of a vector: space prefix + tag + ":". */
export function versionChars(space: string): number {
  return spacePrefix(space).length + TAG_CHARS + 1;
}

export function encodeVector(vector: number[], space: string): string {
  const bytes = new Uint8Array(Float32Array.from(vector).buffer);
  let binary = "";
  // String.fromCharCode takes its bytes as arguments, so large vectors go in slices.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const tag = crypto.randomUUID().replace(/-/g, "").slice(0, TAG_CHARS);
  return `${spacePrefix(space)}${tag}:${btoa(binary)}`;
}

/** The vector of a value written by `encodeVector` (of any space: the caller checks the space). */
export function decodeVector(stored: string): Float32Array {
  const binary = atob(stored.slice(stored.lastIndexOf(":") + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Float32Array(bytes.buffer);
}

/** A valid space name for any embedder's name (Workers AI model ids carry "@", ":" and "/"). */
export function spaceOf(embedderName: string): string {
  return embedderName.toLowerCase().replace(/[^a-z0-9.-]+/g, "-");
}

/** The vector of a stored value if it was written in `space`; null for nothing or another space. */
export function decodeInSpace(stored: string | null, space: string): Float32Array | null {
  return stored?.startsWith(spacePrefix(space)) ? decodeVector(stored) : null;
}
