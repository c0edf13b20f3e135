// The service worker of the static site: it keeps a copy of the site's
// files, so that after the first visit the page works offline. Each
// request goes to the network first (so a new version shows at once) and
// falls back to the copy when the network fails.
const CACHE = "nonosat-v2";
const FILES = [
  "./", "index.html", "app.js", "api.js", "nonosat.js", "worker.js", "wasm_exec.js", "nonosat.wasm",
  "board.js", "puzzle.js", "tools.js", "words.js", "style.css", "favicon.svg", "engine.json", "examples/house.non", "examples/flower.xml",
];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET" || new URL(e.request.url).origin !== location.origin) return;
  e.respondWith(
    fetch(e.request)
      .then((res) => {
        if (res.ok) {
          const copy = res.clone();
          caches.open(CACHE).then((c) => c.put(e.request, copy));
        }
        return res;
      })
      .catch(() => caches.match(e.request, { ignoreSearch: true }).then((r) => r || Response.error())),
  );
});
