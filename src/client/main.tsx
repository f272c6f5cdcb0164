import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AuthProvider } from "./hooks/use-auth";
import { EnvironmentProvider } from "./hooks/use-environment";
import { KeyboardShortcutsProvider } from "./hooks/use-keyboard-shortcuts";
import { ReaderSettingsProvider } from "./hooks/use-reader-settings";
import { ToastProvider } from "./hooks/use-toast";
import { readStoredSession } from "./lib/auth-storage";
import { parseStoredSettings } from "./lib/reader-settings";
import { readerSettingsSnapshot } from "./lib/reader-settings-storage";
import { watchRouteFocus } from "./lib/route-focus";
import { registerServiceWorker } from "./lib/service-worker";
import { deviceIsDark, drawOnDocument } from "./lib/theme-document";
import { createQueryClient } from "./queries/query-client";
import { router } from "./router";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

/** Server state of every screen (src/client/queries): one cache, so screens share answers and invalidations. */
const queryClient = createQueryClient();

// The theme before the first render, from this device's copy: a reader in dark mode never sees a white flash.
drawOnDocument(
  parseStoredSettings(readerSettingsSnapshot(readStoredSession()?.user.id ?? null)).settings,
  deviceIsDark(),
);

watchRouteFocus(router);
// The installable app: the app shell and the articles opened stay readable offline (docs/web-app.md).
registerServiceWorker();

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <EnvironmentProvider>
        <AuthProvider>
          <ReaderSettingsProvider>
            <ToastProvider>
              <KeyboardShortcutsProvider>
                <RouterProvider router={router} />
              </KeyboardShortcutsProvider>
            </ToastProvider>
          </ReaderSettingsProvider>
        </AuthProvider>
      </EnvironmentProvider>
    </QueryClientProvider>
  </StrictMode>,
);
