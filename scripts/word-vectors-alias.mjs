// Staging and production embed with Workers AI, so their builds swap the local embedder's word-vector table
// (1.4 MB gzipped) and its translation table (word-translations-data.ts) for a module that says why it is missing (vite.config.ts). The worker test of that state runs
// the Worker with the same swap (vitest.config.ts), so it sees what such a bundle served locally does.
import { fileURLToPath } from "node:url";

export const withoutWordVectors = [
  {
    find: /^\.\/word-(vectors|translations)-data$/,
    replacement: fileURLToPath(
      new URL("../src/worker/domain/embedding/word-vectors-data.excluded.ts", import.meta.url),
    ),
  },
];
