// Types for scripts/word-vectors-alias.mjs (plain Node, read by vite.config.ts and vitest.config.ts).

export const withoutWordVectors: { find: RegExp; replacement: string }[];
