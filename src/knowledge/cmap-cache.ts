// pdf.js's CMaps offline: the 168 files (1.7 MB, src/knowledge/pdf-cmaps.ts) are not in the service worker's install
// precache (vite.config.ts: only a CJK PDF without embedded fonts needs one, and most people never add one), so a
// CMap the ingest worker fetched once is kept by the service worker (Workbox runtime caching, cache first) and is
// there with the network off. Owner: the service worker's route below, its one cache. What invalidates an entry:
// nothing needs to, since a built CMap's name carries its content hash (a new pdf.js makes new names); the least
// recently used entries beyond MAX_ENTRIES are dropped, more than one build's full set, so an old build's go first.

/** The cache the service worker keeps fetched CMaps in. */
export const CMAP_CACHE_NAME = 'glassbox-pdf-cmaps';

/** A built CMap asset's URL: `/assets/UniGB-UCS2-H-<hash>.bcmap` (same origin; no query). */
export const CMAP_ASSET_ROUTE = /\/assets\/[^/?#]+\.bcmap$/u;

const MAX_ENTRIES = 200;

/** The Workbox runtime-caching rule (vite-plugin-pwa `workbox.runtimeCaching`). */
export const cMapRuntimeCaching = {
  urlPattern: CMAP_ASSET_ROUTE,
  handler: 'CacheFirst' as const,
  options: { cacheName: CMAP_CACHE_NAME, expiration: { maxEntries: MAX_ENTRIES } },
};
