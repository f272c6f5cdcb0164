/** Where the extension saves to: kept in the browser's extension storage, set on the options page. */
export interface Settings {
  serverUrl: string;
  token: string;
}

export const DEFAULT_SERVER_URL = "http://localhost:8787";

export async function loadSettings(): Promise<Settings> {
  const stored = await chrome.storage.local.get(["serverUrl", "token"]);
  return {
    serverUrl: typeof stored.serverUrl === "string" && stored.serverUrl ? stored.serverUrl : DEFAULT_SERVER_URL,
    token: typeof stored.token === "string" ? stored.token : "",
  };
}

export async function saveSettings(settings: Settings): Promise<void> {
  await chrome.storage.local.set({ serverUrl: settings.serverUrl, token: settings.token });
}

/** "https://read.example.com/app/" → "https://read.example.com"; undefined for anything but http(s). */
export function serverOrigin(input: string): string | undefined {
  try {
    const url = new URL(input.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
