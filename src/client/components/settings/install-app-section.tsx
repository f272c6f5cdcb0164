import { useEffect, useState } from "react";
import { SettingsSection } from "./settings-section";

/** Chromium's install prompt event; not in TypeScript's DOM library. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

const runsInstalled = () => window.matchMedia?.("(display-mode: standalone)").matches ?? false;

/**
 * Settings section: how to install VibeRead as an app (docs/web-app.md). The Install button appears only
 * when the browser offered it (`beforeinstallprompt`, Chromium); elsewhere the steps say where the browser keeps it.
 */
export function InstallAppSection() {
  const [prompt, setPrompt] = useState<BeforeInstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(runsInstalled);

  useEffect(() => {
    const offer = (event: Event) => {
      // Held back so the button, not the browser's own banner, starts the install.
      event.preventDefault();
      setPrompt(event as BeforeInstallPromptEvent);
    };
    const done = () => {
      setPrompt(null);
      setInstalled(true);
    };
    window.addEventListener("beforeinstallprompt", offer);
    window.addEventListener("appinstalled", done);
    return () => {
      window.removeEventListener("beforeinstallprompt", offer);
      window.removeEventListener("appinstalled", done);
    };
  }, []);

  async function install() {
    if (!prompt) return;
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    // A prompt can be shown once; a dismissed one comes back as a new event later.
    setPrompt(null);
    if (outcome === "accepted") setInstalled(true);
  }

  return (
    <SettingsSection
      title="Install the app"
      description={
        installed
          ? "VibeRead is installed on this device."
          : "Install VibeRead to open it from your home screen or dock, read the articles you opened even when offline, and save links from your phone's share sheet."
      }
    >
      {!installed && (
        <>
          {prompt && (
            <button type="button" className="button button-primary" onClick={() => void install()}>
              Install VibeRead
            </button>
          )}
          <ul className="settings-steps">
            <li>Chrome or Edge on a computer: the install icon at the end of the address bar.</li>
            <li>Android: the browser menu, then "Install app" or "Add to Home screen".</li>
            <li>iPhone or iPad (Safari): the Share button, then "Add to Home Screen".</li>
          </ul>
          <p className="form-note">
            Once installed, VibeRead appears in your phone's share sheet: share a link or text to it to save it.
          </p>
        </>
      )}
    </SettingsSection>
  );
}
