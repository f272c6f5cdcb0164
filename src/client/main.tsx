import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AuthProvider } from "./hooks/use-auth";
import { EnvironmentProvider } from "./hooks/use-environment";
import { ToastProvider } from "./hooks/use-toast";
import { watchRouteFocus } from "./lib/route-focus";
import { registerServiceWorker } from "./lib/service-worker";
import { createQueryClient } from "./queries/query-client";
import { router } from "./router";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

/** Server state of every screen (src/client/queries): one cache, so screens share answers and invalidations. */
const queryClient = createQueryClient();

watchRouteFocus(router);
// The installable app: the app shell and the articles opened stay readable offline (docs/web-app.md).
registerServiceWorker();

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <EnvironmentProvider>
        <AuthProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </AuthProvider>
      </EnvironmentProvider>
    </QueryClientProvider>
  </StrictMode>,
);
