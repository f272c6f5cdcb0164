// Types for the parts of scripts/setup.mjs that tests use.
export function applyMigrations(persistTo: string): Promise<void>;
