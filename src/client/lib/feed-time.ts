/** "Just now", "5m ago", "3h ago", "2d ago", else a short date: an item's or a subscription's time, in ms. */
export function feedTime(ms: number | null, now: number = Date.now()): string {
  if (ms === null) return "";
  const age = Math.max(0, now - ms);
  const minute = 60_000;
  if (age < minute) return "Just now";
  if (age < 60 * minute) return `${Math.floor(age / minute)}m ago`;
  if (age < 24 * 60 * minute) return `${Math.floor(age / (60 * minute))}h ago`;
  if (age < 7 * 24 * 60 * minute) return `${Math.floor(age / (24 * 60 * minute))}d ago`;
  return new Date(ms).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/** Addresses typed or pasted one a line (or separated by spaces): trimmed, blank ones dropped, each once. */
export function addressLines(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\s+/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}
