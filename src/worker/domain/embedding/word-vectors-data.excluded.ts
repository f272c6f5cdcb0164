// Stands in for word-vectors-data.ts in staging and production builds (vite.config.ts): there the embedder is
// Workers AI (AI_PROVIDER = "cloudflare"), and the 1.4 MB gzipped table would be uploaded for nothing.
throw new Error(
  "This build has no word vectors for the local embedder: staging and production builds leave them out. " +
    'Use AI_PROVIDER = "cloudflare" there, or build without CLOUDFLARE_ENV to run the local adapters.',
);
