/** A size limit as people read it: "64 KB", "1.5 MB", "25 MB" (1 KB = 1,024 bytes, 1 MB = 1,024 KB). */
export function formatByteLimit(bytes: number): string {
  const kilobytes = bytes / 1024;
  if (kilobytes < 1024) return `${Number(kilobytes.toFixed(1))} KB`;
  return `${Number((kilobytes / 1024).toFixed(1))} MB`;
}
