import { Link } from "react-router";
import { SignedInLayout } from "../components/app-header";
import { SETTINGS_SECTIONS } from "../components/settings/sections";
import { usePageTitle } from "../hooks/use-page-title";
import "../styles/settings.css";

/** /#/settings: one screen of independent sections (components/settings/sections.ts lists them). */
export function SettingsPage() {
  usePageTitle("Settings");
  return (
    <SignedInLayout>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/dashboard">Dashboard</Link> / <span aria-current="page">Settings</span>
      </nav>
      <h1 className="page-title">Settings</h1>
      <div className="settings-sections">
        {SETTINGS_SECTIONS.map(({ id, Component }) => (
          <Component key={id} />
        ))}
      </div>
    </SignedInLayout>
  );
}
