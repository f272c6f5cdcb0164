import type { ReaderSettingsRepository } from "../db/repositories/reader-settings-repository";
import { DEFAULT_READER_SETTINGS, type ReaderSettings, readerSettingsFrom } from "../domain/reader-settings";

/** The settings with when they were made (null: never changed, the defaults). */
export interface ReaderSettingsAnswer {
  settings: ReaderSettings;
  updated_at: number | null;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function createReaderSettingsService({
  settings,
  now = Date.now,
}: {
  settings: ReaderSettingsRepository;
  now?: () => number;
}) {
  async function current(userId: number): Promise<ReaderSettingsAnswer> {
    const stored = await settings.find(userId);
    if (!stored) return { settings: { ...DEFAULT_READER_SETTINGS }, updated_at: null };
    return { settings: readerSettingsFrom(parsed(stored.settings)), updated_at: stored.updatedAt };
  }

  return {
    current,

    /**
     * Saves a whole document made at `madeAt` (the device's clock; now when not given) and answers with what is
     * stored afterwards: the newer of the two when another device's change was made later. A time in the future (a
     * device whose clock runs ahead) counts as now, or it would outrank every later change from other devices.
     */
    async save(userId: number, next: ReaderSettings, madeAt?: number): Promise<ReaderSettingsAnswer> {
      const at = Math.min(madeAt ?? now(), now());
      await settings.saveIfNewer(userId, JSON.stringify(readerSettingsFrom(next)), at);
      return current(userId);
    },
  };
}
