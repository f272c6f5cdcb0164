/**
 * The key of a rendered chunk in the audio cache: a SHA-256 of everything that changes the audio (model, speaker,
 * language, the exact text), so a replay finds it and any change renders anew. The key names no user: the same
 * sentences of the same page are one render for everyone who saved it, and only a reader whose article contains
 * them can ask for them (spoken-text-match.ts). `v1` is the key scheme: change it to leave every old render behind.
 */
export async function audioCacheKey(parts: {
  model: string;
  speaker: string;
  language: string;
  text: string;
}): Promise<string> {
  const material = JSON.stringify([parts.model, parts.speaker, parts.language, parts.text]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(material));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `listen/v1/${hex}`;
}
