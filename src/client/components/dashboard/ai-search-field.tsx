/** The entry to the AI search modal (spec §2). Read-only: the modal comes with the search work. */
export function AiSearchField() {
  return (
    <div className="ai-search">
      <svg className="ai-search-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M10 3l1.6 4.4L16 9l-4.4 1.6L10 15l-1.6-4.4L4 9l4.4-1.6L10 3zm8 10l.9 2.1L21 16l-2.1.9L18 19l-.9-2.1L15 16l2.1-.9L18 13z"
        />
      </svg>
      <input
        type="text"
        readOnly
        aria-label="Search with AI"
        placeholder="Search with AI..."
        className="ai-search-input"
      />
    </div>
  );
}
