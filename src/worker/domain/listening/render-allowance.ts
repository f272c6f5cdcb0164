/**
 * Listen (issue 36): how much the cloud voice may render for one user. Each render costs a model call priced per
 * character (Deepgram Aura-2 on Workers AI: $0.030 per 1,000), so a user's renders are limited to
 * LISTEN_DAILY_CHARACTERS in any 24 hours: about 5.5 hours of listening at 15 characters a second, $9 at most a
 * day. Cache hits are not renders and are never counted.
 */
export const LISTEN_DAILY_CHARACTERS = 300_000;
export const LISTEN_WINDOW_MS = 24 * 3_600_000;

/** One earlier render inside the window. */
export interface Render {
  characters: number;
  createdAt: number;
}

/**
 * Seconds until a render of `characters` fits again: the oldest renders of the window (ascending by time) leave it
 * one by one, 24 hours after each was made, until what is left plus `characters` is within the limit. At least 1.
 */
export function secondsUntilRenderFits(
  renders: Render[],
  characters: number,
  now: number,
  limit = LISTEN_DAILY_CHARACTERS,
  windowMs = LISTEN_WINDOW_MS,
): number {
  let used = renders.reduce((sum, render) => sum + render.characters, 0);
  let at = now;
  for (const render of renders) {
    if (used + characters <= limit) break;
    used -= render.characters;
    at = render.createdAt + windowMs;
  }
  return Math.max(1, Math.ceil((at - now) / 1000));
}
