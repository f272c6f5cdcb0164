/** The folder of a part's path, with its trailing slash ("" at the top of the zip). */
export function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf("/") + 1);
}

/** Whether a reference leaves the book: it names a scheme (`https:`, `mailto:`) or is protocol-relative. */
export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//");
}

/**
 * The zip path a reference inside the book points to, from the folder of the part that holds it, and the
 * fragment it names. References are URLs: percent-escapes are decoded, `.` and `..` resolved. Null for a
 * reference that leaves the book, or climbs above its top folder.
 */
export function resolveInBook(folder: string, href: string): { path: string; fragment: string } | null {
  const trimmed = href.trim();
  if (!trimmed || isExternal(trimmed)) return null;
  const hash = trimmed.indexOf("#");
  const fragment = hash >= 0 ? safeDecode(trimmed.slice(hash + 1)) : "";
  const withoutFragment = (hash >= 0 ? trimmed.slice(0, hash) : trimmed).replace(/\?.*$/, "");
  if (!withoutFragment) return { path: "", fragment };
  const start = withoutFragment.startsWith("/") ? "" : folder;
  const segments: string[] = [];
  for (const segment of `${start}${withoutFragment}`.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length === 0) return null;
      segments.pop();
    } else {
      segments.push(safeDecode(segment));
    }
  }
  return segments.length ? { path: segments.join("/"), fragment } : null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
