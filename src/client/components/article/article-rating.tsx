import type { Rating } from "../../queries/feedback";

const OPTIONS: { value: Rating; label: string }[] = [
  { value: -1, label: "Poor" },
  { value: 0, label: "Alright" },
  { value: 1, label: "Good" },
];

/** 'Rate this article': three toggle buttons; the current rating is pressed. */
export function ArticleRating({
  rating,
  saving,
  onRate,
}: {
  rating: Rating | null;
  saving: boolean;
  onRate: (value: Rating) => void;
}) {
  return (
    <section className="viewer-rating" aria-labelledby="rate-heading">
      <h2 id="rate-heading" className="viewer-section-title">
        Rate this article
      </h2>
      <fieldset className="rating-options" aria-labelledby="rate-heading" aria-busy={saving}>
        {OPTIONS.map((option) => (
          <button
            key={option.value}
            type="button"
            className="rating-option"
            aria-pressed={rating === option.value}
            // Not `disabled`: the button keeps keyboard focus while the request is on its way.
            aria-disabled={saving || undefined}
            onClick={() => onRate(option.value)}
          >
            {option.label}
          </button>
        ))}
      </fieldset>
    </section>
  );
}
