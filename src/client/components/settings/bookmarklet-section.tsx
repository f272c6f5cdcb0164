import { useEffect, useRef } from "react";
import { bookmarkletHref } from "../../lib/bookmarklet";
import { SettingsSection } from "./settings-section";

/** A link to drag to the bookmarks bar: on any page it opens /#/save for that page in a small window. */
export function BookmarkletSection() {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // Set outside React: React refuses to render a javascript: href. Built from the origin the app runs on.
    link.current?.setAttribute("href", bookmarkletHref(window.location.origin));
  }, []);

  return (
    <SettingsSection
      title="Bookmarklet"
      description="Drag this button to your browser's bookmarks bar. On any page, click it to save that page to VibeRead."
    >
      {/* biome-ignore lint/a11y/useValidAnchor: the href is a javascript: URL set in the effect above */}
      <a ref={link} className="button button-secondary bookmarklet">
        Save to VibeRead
      </a>
      <p className="form-note">Drag it rather than click it: clicked here, it would save this settings page.</p>
    </SettingsSection>
  );
}
