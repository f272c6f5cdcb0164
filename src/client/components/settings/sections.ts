import type { ComponentType } from "react";
import { ApiTokensSection } from "./api-tokens-section";
import { BookmarkletSection } from "./bookmarklet-section";
import { ConnectedAppsSection } from "./connected-apps-section";
import { DeleteAccountSection } from "./delete-account-section";
import { EbooksSection } from "./ebooks-section";
import { EmailSection } from "./email-section";
import { ExportSection } from "./export-section";
import { ExtensionSection } from "./extension-section";
import { FeedSection } from "./feed-section";
import { ImportSection } from "./import-section";
import { InstallAppSection } from "./install-app-section";
import { OfflineReadingSection } from "./offline-reading-section";
import { PasswordSection } from "./password-section";
import { PublishedFeedsSection } from "./published-feeds-section";
import { ReadingSection } from "./reading-section";

/**
 * The sections of /#/settings, top to bottom: reading and theme, the ways to save (the token the extension and scripts
 * need first; save by email beside the Feed it fills, and the Feed's own settings and published feeds, then e-books
 * and their e-reader catalog), then
 * installing the app, then the AI assistants connected over OAuth. Each is its own file in this folder; a
 * new one is one import and one line here.
 */
export const SETTINGS_SECTIONS: { id: string; Component: ComponentType }[] = [
  { id: "reading", Component: ReadingSection },
  { id: "api-tokens", Component: ApiTokensSection },
  { id: "email", Component: EmailSection },
  { id: "feed", Component: FeedSection },
  { id: "published-feeds", Component: PublishedFeedsSection },
  { id: "ebooks", Component: EbooksSection },
  { id: "extension", Component: ExtensionSection },
  { id: "bookmarklet", Component: BookmarkletSection },
  { id: "install-app", Component: InstallAppSection },
  { id: "offline-reading", Component: OfflineReadingSection },
  { id: "connected-apps", Component: ConnectedAppsSection },
  { id: "import", Component: ImportSection },
  { id: "export", Component: ExportSection },
  { id: "password", Component: PasswordSection },
  { id: "delete-account", Component: DeleteAccountSection },
];
