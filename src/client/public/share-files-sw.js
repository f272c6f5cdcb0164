// Imported by the generated service worker (pwa.config.ts, workbox.importScripts). The installed app's share target
// is a multipart POST to /share (issue 54: a phone's share sheet sends files too). The shared file cannot be sent
// to the API from here (the session's token is in the page's storage), so it waits in a cache of its own and the
// save screen, /#/save?shared_file=<id>, uploads it and deletes it. Shared text and links go on as the GET
// share target's did (src/worker/share-target.ts has the same limits).
const SHARED_FILES = "viberead-shared-files";
const LIMITS = [
  ["url", 2048],
  ["title", 500],
  ["text", 2000],
];

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "POST" || url.origin !== self.location.origin) return;
  if (url.pathname !== "/share" && url.pathname !== "/share/") return;
  event.respondWith(
    (async () => {
      const target = new URLSearchParams();
      try {
        const form = await event.request.formData();
        for (const [name, limit] of LIMITS) {
          const value = String(form.get(name) ?? "")
            .trim()
            .slice(0, limit);
          if (value) target.set(name, value);
        }
        const file = form.getAll("file").find((value) => value instanceof File && value.size > 0);
        if (file) {
          const id = crypto.randomUUID();
          const cache = await caches.open(SHARED_FILES);
          await cache.put(
            `/shared-files/${id}`,
            new Response(file, {
              headers: {
                "Content-Type": file.type || "application/octet-stream",
                "X-File-Name": encodeURIComponent(file.name || "shared-file"),
              },
            }),
          );
          target.set("shared_file", id);
        }
      } catch {
        target.set("shared_file", "unavailable");
      }
      return Response.redirect(`/#/save${target.size ? `?${target}` : ""}`, 303);
    })(),
  );
});
