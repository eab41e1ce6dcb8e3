import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CMAP_ASSET_ROUTE, cMapRuntimeCaching } from './cmap-cache.ts';

describe('the service worker rule for pdf.js CMaps', () => {
  it('matches every CMap as the build names it, and nothing else the app serves', async () => {
    const files = (await readdir(join('node_modules', 'pdfjs-dist', 'cmaps'))).filter((name) =>
      name.endsWith('.bcmap'),
    );
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      // Vite's asset name: the file's name, a dash and a content hash (which may hold `-` and `_`).
      const built = `https://glassbox.example/assets/${file.replace(/\.bcmap$/u, '-a1_B-9xYz')}.bcmap`;
      expect(CMAP_ASSET_ROUTE.test(built), built).toBe(true);
    }
    for (const other of [
      'https://glassbox.example/assets/ingest-worker-Ab12.js',
      'https://glassbox.example/assets/index-Ab12.css',
      'https://glassbox.example/index.html',
      'https://glassbox.example/sw.js',
      'https://glassbox.example/assets/UniGB-UCS2-H-Ab12.bcmap?download',
      'https://glassbox.example/cmaps/UniGB-UCS2-H.bcmap.js',
    ])
      expect(CMAP_ASSET_ROUTE.test(other), other).toBe(false);
  });

  it('answers from its cache first, with a bound on the entries kept', () => {
    expect(cMapRuntimeCaching.handler).toBe('CacheFirst');
    expect(cMapRuntimeCaching.options.expiration.maxEntries).toBeGreaterThanOrEqual(168);
  });
});
