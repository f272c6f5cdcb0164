import { test as base, expect } from "@playwright/test";
import { resendLostAppRequests } from "./helpers";

/**
 * Playwright's `test` with one change: every browser context a test gets sends the app's API requests again when
 * the local dev server's proxy lost them (see `resendLostAppRequests`), so no test depends on a quiet machine.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await resendLostAppRequests(context);
    await use(context);
  },
});

export { expect };
