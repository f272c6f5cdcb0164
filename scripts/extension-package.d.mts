// Types for scripts/extension-package.mjs (plain Node, shared by the extension build and vite.config.ts).
export declare const BROWSERS: readonly ["chrome", "firefox"];
export declare function packExtension(
  browser: "chrome" | "firefox",
): Promise<{ files: Record<string, Uint8Array>; zip: Uint8Array }>;
