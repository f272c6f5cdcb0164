// Types for the parts of scripts/setup.mjs that tests use.
export const E2E_SHARDS: string[];
export function applyMigrations(persistTo: string, bindings?: string[]): Promise<void>;
