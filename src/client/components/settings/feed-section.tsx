import { useId } from "react";
import { useToast } from "../../hooks/use-toast";
import { useFeedSettings, useUpdateFeedSettings } from "../../queries/feeds";
import { SettingsSection } from "./settings-section";

/** The periods offered; the API takes any whole number of days from 1 to 365. */
const PERIODS = [7, 14, 30, 60, 90, 180, 365];

function periodLabel(days: number): string {
  if (days === 365) return "1 year";
  return `${days} days`;
}

/** How long Feed items the reader did not save stay; saved ones never leave. */
export function FeedSection() {
  const settings = useFeedSettings();
  const update = useUpdateFeedSettings();
  const toast = useToast();
  const selectId = useId();
  const current = settings.data?.unsaved_item_days;
  const options =
    current !== undefined && !PERIODS.includes(current) ? [...PERIODS, current].sort((a, b) => a - b) : PERIODS;

  function change(days: number) {
    update.mutate(
      { unsaved_item_days: days },
      {
        onSuccess: () => toast.success(`Unsaved items now stay ${periodLabel(days)}`),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <SettingsSection
      title="Feed"
      description="What your subscriptions and newsletters send arrives in the Feed. Items you save to the Library stay there for good; the others leave the Feed after this period."
    >
      {settings.isPending ? (
        <p className="form-note">Loading Feed settings...</p>
      ) : settings.isError ? (
        <p className="error-box" role="alert">
          {settings.error.message}
        </p>
      ) : (
        <div className="settings-row">
          <label className="settings-label" htmlFor={selectId}>
            Keep unsaved items for
          </label>
          <select
            id={selectId}
            value={settings.data.unsaved_item_days}
            disabled={update.isPending}
            onChange={(event) => change(Number(event.target.value))}
          >
            {options.map((days) => (
              <option key={days} value={days}>
                {periodLabel(days)}
              </option>
            ))}
          </select>
        </div>
      )}
    </SettingsSection>
  );
}
