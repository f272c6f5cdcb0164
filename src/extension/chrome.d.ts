/**
 * The few WebExtension APIs the extension uses, typed by hand: `@types/chrome` is not a dependency, and these
 * calls are the whole surface (Chrome and Firefox both provide them on `chrome.*` in Manifest V3).
 */
declare namespace chrome {
  namespace runtime {
    const id: string;
    const lastError: { message?: string } | undefined;
    function getURL(path: string): string;
    function openOptionsPage(): Promise<void>;
    const onInstalled: { addListener(callback: () => void): void };
  }
  namespace storage {
    interface StorageArea {
      get(keys: string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    }
    const local: StorageArea;
  }
  namespace permissions {
    function request(permissions: { origins: string[] }): Promise<boolean>;
  }
  namespace tabs {
    interface Tab {
      id?: number;
      url?: string;
    }
    function query(query: { active: boolean; currentWindow: boolean }): Promise<Tab[]>;
    function create(properties: { url: string }): Promise<Tab>;
  }
  namespace scripting {
    interface InjectionResult<T> {
      result?: T;
    }
    function executeScript<T>(injection: { target: { tabId: number }; func: () => T }): Promise<InjectionResult<T>[]>;
  }
  namespace contextMenus {
    interface OnClickData {
      menuItemId: string | number;
      linkUrl?: string;
    }
    function create(properties: { id: string; title: string; contexts: string[] }): void;
    function removeAll(): Promise<void>;
    const onClicked: { addListener(callback: (info: OnClickData, tab?: chrome.tabs.Tab) => void): void };
  }
  namespace action {
    function setBadgeText(details: { text: string }): Promise<void>;
    function setBadgeBackgroundColor(details: { color: string }): Promise<void>;
    function setTitle(details: { title: string }): Promise<void>;
  }
}
