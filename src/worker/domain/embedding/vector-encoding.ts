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
/**
 * What a library keeps once per topic (its centre, read to join articles to it): each number as a signed byte
 * of the vector's largest magnitude / 127, that scale first as a float32. A quarter of f32's bytes; a cosine
 * against it moves by under 0.01 (test/worker/vector-encoding.test.ts), far inside a join threshold's margin.
 */
const COMPACT_FORMAT = "q8:";
const TAG_CHARS = 8;

/** The start shared by every stored vector of one space. */
export function spacePrefix(space: string): string {
  if (!/^[a-z0-9.-]+$/.test(space)) throw new Error(`invalid vector space name: ${space}`);
  return `${FORMAT}${space}:`;
}

/** The start shared by every compactly stored vector of one space (encodeCompactVector). */
function compactPrefix(space: string): string {
  return `${COMPACT_FORMAT}${spacePrefix(space).slice(FORMAT.length)}`;
}

/** Length of the prefix that identifies one stored version of a vector: space prefix + tag + ":". */
export function versionChars(space: string): number {
  return spacePrefix(space).length + TAG_CHARS + 1;
}

function base64Of(bytes: Uint8Array): string {
  let binary = "";
  // String.fromCharCode takes its bytes as arguments, so large vectors go in slices.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function newTag(): string {
  return crypto.randomUUID().replace(/-/g, "").slice(0, TAG_CHARS);
}

export function encodeVector(vector: number[], space: string): string {
  const bytes = new Uint8Array(Float32Array.from(vector).buffer);
  return `${spacePrefix(space)}${newTag()}:${base64Of(bytes)}`;
}

/** The compact form (COMPACT_FORMAT) of a vector kept once per topic; decodeVector and decodeInSpace read both. */
export function encodeCompactVector(vector: number[], space: string): string {
  const largest = vector.reduce((most, value) => Math.max(most, Math.abs(value)), 0);
  const scale = largest > 0 ? largest / 127 : 1;
  const bytes = new Uint8Array(4 + vector.length);
  new DataView(bytes.buffer).setFloat32(0, scale, true);
  const values = new Int8Array(bytes.buffer, 4);
  vector.forEach((value, i) => {
    values[i] = Math.round(value / scale);
  });
  return `${compactPrefix(space)}${newTag()}:${base64Of(bytes)}`;
}

/** The vector of a value written by `encodeVector` or `encodeCompactVector` (of any space: the caller checks). */
export function decodeVector(stored: string): Float32Array {
  const binary = atob(stored.slice(stored.lastIndexOf(":") + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  if (!stored.startsWith(COMPACT_FORMAT)) return new Float32Array(bytes.buffer);
  const scale = new DataView(bytes.buffer).getFloat32(0, true);
  return Float32Array.from(new Int8Array(bytes.buffer, 4), (value) => value * scale);
}

/** A valid space name for any embedder's name (Workers AI model ids carry "@", ":" and "/"). */
export function spaceOf(embedderName: string): string {
  return embedderName.toLowerCase().replace(/[^a-z0-9.-]+/g, "-");
}

/** The vector of a stored value if it was written in `space`; null for nothing or another space. */
export function decodeInSpace(stored: string | null, space: string): Float32Array | null {
  if (!stored) return null;
  const inSpace = stored.startsWith(spacePrefix(space)) || stored.startsWith(compactPrefix(space));
  return inSpace ? decodeVector(stored) : null;
}
