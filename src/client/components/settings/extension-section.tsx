import { SettingsSection } from "./settings-section";

/** The zips `vite build` serves (vite.config.ts, scripts/extension-package.mjs). */
const DOWNLOADS = { chrome: "/extension/viberead-chrome.zip", firefox: "/extension/viberead-firefox.zip" };

/**
 * Settings: how to install the browser extension. It is not published to the stores yet: this server offers the
 * zips it was built with, and the steps say how to load them; building it from the repository is the other way.
 */
export function ExtensionSection() {
  const server = window.location.origin;
  return (
    <SettingsSection
      title="Browser extension"
      description="Save the page you are reading, as your browser shows it (pages behind a login or a bot wall included), with one click on the toolbar button; right-click a link to save it."
    >
      <p className="settings-downloads">
        <a className="button button-secondary" href={DOWNLOADS.chrome} download>
          Download for Chrome, Edge (zip)
        </a>
        <a className="button button-secondary" href={DOWNLOADS.firefox} download>
          Download for Firefox (zip)
        </a>
      </p>
      <ol className="settings-steps" aria-label="Install the extension">
        <li>
          Chrome, Edge: unzip <code>viberead-chrome.zip</code> into a folder. Open <code>chrome://extensions</code>,
          turn on Developer mode, click Load unpacked and pick that folder.
        </li>
        <li>
          Firefox: open <code>about:debugging#/runtime/this-firefox</code>, click Load Temporary Add-on and pick{" "}
          <code>viberead-firefox.zip</code> as it is.
        </li>
        <li>
          In the extension's options, set the server URL to <code>{server}</code> and paste an API token from this
          screen.
        </li>
      </ol>
      <p className="form-note">
        Or build it from the repository: <code>npm run build:extension</code> writes <code>dist/extension/chrome/</code>
        , <code>dist/extension/firefox/</code> and a zip of each. The calls it makes are in the{" "}
        <a href="/api/docs" target="_blank" rel="noopener">
          API reference
        </a>
        .
      </p>
    </SettingsSection>
  );
}
