import type { ComponentType } from "react";
import { ApiTokensSection } from "./api-tokens-section";
import { BookmarkletSection } from "./bookmarklet-section";

/**
 * The sections of /#/settings, top to bottom. Each is its own file in this folder; a new one (email address,
 * browser extension, installable app) is one import and one line here.
 */
export const SETTINGS_SECTIONS: { id: string; Component: ComponentType }[] = [
  { id: "api-tokens", Component: ApiTokensSection },
  { id: "bookmarklet", Component: BookmarkletSection },
];
