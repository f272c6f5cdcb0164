import { SettingsSection } from "./settings-section";

/**
 * Settings: how to install the browser extension. It is built from this repository (not published to the stores
 * yet), so the steps name the build command, the unpacked folder and the zips.
 */
export function ExtensionSection() {
  const server = window.location.origin;
  return (
    <SettingsSection
      title="Browser extension"
      description="Save the page you are reading, as your browser shows it (pages behind a login or a bot wall included), with one click on the toolbar button; right-click a link to save it."
    >
      <ol className="settings-steps">
        <li>
          Build it: <code>npm run build:extension</code> (writes <code>dist/extension/chrome/</code>,{" "}
          <code>dist/extension/firefox/</code> and a zip of each).
        </li>
        <li>
          Chrome, Edge: open <code>chrome://extensions</code>, turn on Developer mode, click Load unpacked and pick{" "}
          <code>dist/extension/chrome</code>.
        </li>
        <li>
          Firefox: open <code>about:debugging#/runtime/this-firefox</code>, click Load Temporary Add-on and pick{" "}
          <code>dist/extension/viberead-firefox.zip</code>.
        </li>
        <li>
          In the extension's options, set the server URL to <code>{server}</code> and paste an API token from this
          screen.
        </li>
      </ol>
    </SettingsSection>
  );
}
