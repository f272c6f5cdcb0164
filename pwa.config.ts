import type { VitePWAOptions } from "vite-plugin-pwa";

/**
 * The installable app (docs/web-app.md): the manifest, and a Workbox service worker generated at build
 * time that precaches the app shell and keeps what the dashboard and the articles opened need, for reading offline.
 * Only GETs of /api/articles/, /api/articles/{id} (and its highlights), the stat cards' /api/articles/stats/overview
 * and the topics list /api/topics/ are kept: never auth, never writes, never other screens. The articles' pictures through the
 * Worker (/api/images/...) are kept in a cache of their own; the unread queue (lib/offline-queue-sync.ts) fills
 * both with the newest unread articles, never opened here (issue 50).
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: "generateSW",
  // A new build takes over at the next load; main.tsx registers it (virtual:pwa-register).
  registerType: "autoUpdate",
  injectRegister: false,
  // `vite dev` registers nothing, so no worker ever serves stale dev assets.
  devOptions: { enabled: false },
  includeAssets: ["apple-touch-icon.png"],
  manifest: {
    id: "/",
    name: "VibeRead",
    short_name: "VibeRead",
    description: "Save articles for later and read their summaries. Reading is slow. Just vibe it.",
    start_url: "/#/dashboard",
    scope: "/",
    display: "standalone",
    theme_color: "#4f46e5",
    background_color: "#ffffff",
    icons: [
      { src: "/pwa-192x192.png", sizes: "192x192", type: "image/png" },
      { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png" },
      { src: "/maskable-512x512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    // A phone's share sheet posts title, text, url and any file to /share: the service worker keeps a file for the
    // save screen and redirects to /#/save (src/client/public/share-files-sw.js); without a service worker yet, the
    // Worker redirects the text and link (src/worker/share-target.ts). GET /share?title&text&url still works.
    share_target: {
      action: "/share",
      method: "POST",
      enctype: "multipart/form-data",
      params: {
        title: "title",
        text: "text",
        url: "url",
        // Issue 54: documents shared to the app (the service worker keeps the file for the save screen to upload).
        files: [
          {
            name: "file",
            accept: [
              "application/pdf",
              ".pdf",
              "application/epub+zip",
              ".epub",
              "text/html",
              ".html",
              "text/markdown",
              ".md",
              "text/plain",
              ".txt",
            ],
          },
        ],
      },
    },
  },
  workbox: {
    // The share target's POST with a file (src/client/public/share-files-sw.js), before Workbox's own routes.
    importScripts: ["/share-files-sw.js"],
    globPatterns: ["**/*.{js,css,html,png,svg,webmanifest}"],
    // The API reference viewer (/api/docs, 1.5 MB) is for developers, online: not part of the app shell.
    globIgnores: ["api-docs/**"],
    // Hash routes all load index.html; /api, /share and the OAuth pages (/authorize, an assistant's sign-in)
    // are the Worker's, never the shell.
    navigateFallback: "/index.html",
    navigateFallbackDenylist: [
      /^\/api\//,
      /^\/share/,
      /^\/cdn-cgi\//,
      /^\/authorize/,
      /^\/oauth\//,
      /^\/mcp/,
      /^\/\.well-known\//,
    ],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [
      {
        // The reader's fonts (styles/reader-fonts.css, 812 KB in all): each file is kept once a page has used it,
        // so the face and scripts a reader reads in draw offline too, without precaching every one of them.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/.+\.woff2$/.test(url.pathname),
        handler: "CacheFirst",
        options: {
          cacheName: "viberead-fonts",
          expiration: { maxEntries: 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Serialized into sw.js by workbox-build: the function must not use anything from this module.
        urlPattern: ({ url, request, sameOrigin }) =>
          sameOrigin &&
          request.method === "GET" &&
          /^\/api\/(articles\/(\d+(\/highlights)?|stats\/overview)?|topics\/)$/.test(url.pathname),
        handler: "NetworkFirst",
        method: "GET",
        options: {
          // The name and header below are repeated in src/client/lib/offline.ts, which deletes this cache on sign-in
          // and sign-out (one URL serves every user: Workbox keys by URL, not by the Authorization header).
          cacheName: "viberead-api",
          networkTimeoutSeconds: 10,
          // Room for the unread queue's articles (up to 200) beside those opened and the lists.
          expiration: { maxEntries: 500, maxAgeSeconds: 30 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
          plugins: [
            {
              // An answer to a request of a session that has signed out is never kept: it may arrive after sign-out
              // emptied this cache (src/client/lib/offline.ts writes the marker first).
              cacheWillUpdate: async ({ request, response }) => {
                // The service worker's Cache Storage (this file is typed for Node, which has none).
                const storage = (
                  globalThis as unknown as {
                    caches: { open(name: string): Promise<{ match(key: string): Promise<Response | undefined> }> };
                  }
                ).caches;
                const marker = await (await storage.open("viberead-session")).match("/viberead-signed-out");
                const signedOut = marker ? `Bearer ${await marker.text()}` : null;
                return signedOut && request.headers.get("Authorization") === signedOut ? null : response;
              },
            },
            {
              // Answers from the cache say so, so the viewer and the dashboard can mark them offline.
              cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                if (!cachedResponse) return cachedResponse;
                const headers = new Headers(cachedResponse.headers);
                headers.set("X-VibeRead-Offline", "1");
                return new Response(await cachedResponse.blob(), {
                  status: cachedResponse.status,
                  statusText: cachedResponse.statusText,
                  headers,
                });
              },
            },
          ],
        },
      },
      {
        // An article's pictures through the Worker's image proxy: an address names one picture for good (signed,
        // with its source), so the copy on the device is used first and the network only for a new one.
        urlPattern: ({ url, request, sameOrigin }) =>
          sameOrigin && request.method === "GET" && url.pathname.startsWith("/api/images/"),
        handler: "CacheFirst",
        method: "GET",
        options: {
          // The name is repeated in src/client/lib/offline.ts (IMAGE_CACHE), which the unread queue fills too.
          cacheName: "viberead-images",
          expiration: { maxEntries: 3000, maxAgeSeconds: 60 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};
