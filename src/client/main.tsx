import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AuthProvider } from "./hooks/use-auth";
import { EnvironmentProvider } from "./hooks/use-environment";
import { ToastProvider } from "./hooks/use-toast";
import { watchRouteFocus } from "./lib/route-focus";
import { router } from "./router";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

watchRouteFocus(router);

createRoot(root).render(
  <StrictMode>
    <EnvironmentProvider>
      <AuthProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AuthProvider>
    </EnvironmentProvider>
  </StrictMode>,
);
