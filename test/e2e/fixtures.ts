import { test as base, expect } from "@playwright/test";
import { type AppServer, startAppServer } from "./app-server";
import { resendLostAppRequests } from "./helpers";

/**
 * Playwright's `test` with two changes: each worker has its own app server (see ./app-server.ts), which every
 * test's `baseURL` points at; and every browser context a test gets sends the app's API requests again when the
 * local dev server's proxy lost them (see `resendLostAppRequests`, a wrapper of the page's fetch), so no test depends
 * on a quiet machine.
 */
export const test = base.extend<object, { appServer: AppServer }>({
  appServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const server = await startAppServer(workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    // Generous: on a busy 2-core machine the server's start-up (migrations, then wrangler) takes a while.
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ appServer }, use) => {
    await use(appServer.origin);
  },
  context: async ({ context }, use) => {
    await resendLostAppRequests(context);
    await use(context);
  },
});

export { expect };
