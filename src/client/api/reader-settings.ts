import type { ReaderSettings } from "../lib/reader-settings";
import { request } from "./client";

/** GET /api/reader-settings: `updated_at` null means never changed (the defaults). */
export interface ReaderSettingsAnswer {
  settings: ReaderSettings;
  updated_at: number | null;
}

export const readerSettingsApi = {
  get: () =>
    request<ReaderSettingsAnswer>("GET", "/api/reader-settings", {
      defaultError: "Failed to load your reader settings",
    }),
  /** The whole document, with when the reader made it: the server keeps the newest (another device's may win). */
  save: (settings: ReaderSettings, madeAt: number) =>
    request<ReaderSettingsAnswer>("PUT", "/api/reader-settings", {
      body: { ...settings, client_updated_at: madeAt },
      defaultError: "Failed to save your reader settings",
    }),
};
