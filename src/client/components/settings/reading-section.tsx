import { ReaderSettingsControls } from "../reader-settings-controls";
import { SettingsSection } from "./settings-section";

/** Type and theme, as in the viewer's "Aa" panel: the theme is the whole app's, so it is set from here too. */
export function ReadingSection() {
  return (
    <SettingsSection
      title="Reading and theme"
      description="The app's theme and the articles' type. They apply at once and follow you to every device."
    >
      <div className="reading-settings">
        <ReaderSettingsControls />
      </div>
    </SettingsSection>
  );
}
