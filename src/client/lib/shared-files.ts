/**
 * Files shared to the installed app (issue 54): the service worker (public/share-files-sw.js) keeps each in this
 * cache under /shared-files/<id> until the save screen uploads it.
 */
const SHARED_FILES = "viberead-shared-files";

/** The shared file `id`, or null when it is not there (already uploaded, or the share never reached the worker). */
export async function takeSharedFile(id: string): Promise<File | null> {
  if (!/^[\w-]{8,64}$/.test(id) || typeof caches === "undefined") return null;
  const cache = await caches.open(SHARED_FILES);
  const key = `/shared-files/${id}`;
  const response = await cache.match(key);
  if (!response) return null;
  const blob = await response.blob();
  const name = decodeURIComponent(response.headers.get("X-File-Name") ?? "shared-file");
  await cache.delete(key);
  return new File([blob], name, { type: blob.type });
}
