import { type Plugin, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lazyChinese } from './scripts/lazy-chinese.ts';
import { cMapRuntimeCaching } from './src/knowledge/cmap-cache.ts';

/** The dev server's hot reload needs inline scripts and eval, so it serves the page without index.html's CSP. */
function devWithoutCsp(): Plugin {
  return {
    name: 'glassbox-dev-without-csp',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/u, ''),
  };
}

/** The entry's small shared modules, kept in one first-load chunk (see build.rolldownOptions). */
const SHARED_FIRST_LOAD =
  /src\/(model\/(abort|message-text)|trace\/(tracer|ids)|store\/(frame-batch|services)|i18n\/storage|ui\/components\/(class-names|copy-button|error-boundary)|ui\/use-t|config\/settings)\.tsx?$|node_modules\/react\/(cjs\/react-jsx-runtime\.production|jsx-runtime)\.js$/u;

/**
 * Cross-origin isolation, so the in-browser model (src/model/local/) can use threads (SharedArrayBuffer): `npm start`,
 * `vite preview` and `vite dev` send these; on static hosts the service worker adds them (public/sw-isolation.js).
 * `credentialless` (not `require-corp`) keeps cross-origin images, endpoints and MCP servers working without
 * Cross-Origin-Resource-Policy headers: no-cors requests simply go without cookies.
 */
export const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'credentialless',
};

/**
 * Installable and offline: the web app manifest, and a Workbox service worker that precaches the whole build (app
 * shell, every lazy chunk, KaTeX CSS and fonts, the sandbox frame and its worker), so after one visit the app and
 * the demo model work with the network off (pdf.js's CMaps are kept once fetched instead: src/knowledge/cmap-cache.ts).
 * A new version waits (no skipWaiting of its own) until the user clicks "Reload to update" (src/ui/update-prompt.tsx);
 * the app registers the worker itself, lazily (src/pwa/register.ts).
 */
function offlineApp() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      name: 'Glassbox',
      short_name: 'Glassbox',
      description: 'A browser-only AI agent you can see into.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f172a',
      background_color: '#ffffff',
      icons: [
        { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      // The entry and the highlighter are larger than Workbox's 2 MB default would allow for some builds.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      navigateFallback: 'index.html',
      // The sandbox pages have their own policy, never the app shell (both are precached, and served offline).
      navigateFallbackDenylist: [/^\/sandbox(?:-network)?\.html/u],
      cleanupOutdatedCaches: true,
      // pdf.js's CMaps are not precached (1.7 MB); one fetched once is kept for offline use (see the file).
      runtimeCaching: [cMapRuntimeCaching],
      // Adds the cross-origin isolation headers to what the worker serves, for hosts that do not send them.
      importScripts: ['sw-isolation.js'],
      // The first install takes the open page at once (nothing to swap); an update only after "Reload to update".
      clientsClaim: true,
      skipWaiting: false,
    },
  });
}

export default defineConfig({
  plugins: [react(), tailwindcss(), devWithoutCsp(), lazyChinese(import.meta.dirname), offlineApp()],
  // KaTeX's markup parsed in an inert document, so formulas cause no CSP violations (see the file).
  resolve: {
    alias: {
      'hast-util-from-html-isomorphic': `${import.meta.dirname}/src/ui/chat/inert-html.ts`,
      // PouchDB (sync, loaded lazily) imports Node's `events`; browsers get a small emitter instead.
      events: `${import.meta.dirname}/src/sync/engine/events-shim.js`,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The heavy parts are chunks of their own, loaded when idle (src/main.tsx); the first-load budget (250 KB gzip
    // of JS + CSS) is checked by `npm run bench`. The entry chunk is ~580 KB before compression.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Small modules the entry shares with lazy chunks (that are not only loaded after it): one chunk, not
          // one request and one gzip stream each (the first-load budget, bench cold-stream).
          groups: [{ name: 'shared', test: SHARED_FIRST_LOAD }],
        },
      },
    },
  },
  // One self-contained classic script: the sandbox frame (public/sandbox.html) starts the worker from its text.
  worker: { format: 'iife', plugins: () => [lazyChinese(import.meta.dirname, { moveTables: false })] },
  server: { headers: isolationHeaders },
  preview: { port: 4173, strictPort: false, headers: isolationHeaders },
});
