// pdf.js's CMaps (`pdfjs-dist/cmaps/*.bcmap`, 1.7 MB in all) for CJK PDFs whose fonts are not embedded and name a
// predefined CMap (`/Encoding /UniGB-UCS2-H`, `/Ordering (Japan1)`…): without them pdf.js reads no text at all from
// such a page. The build emits each file as a static asset of its own; only the ingest worker imports this module,
// and a file is fetched only when a PDF asks for it (so neither the first load nor a Latin PDF pays for them).

/** The URL of each CMap file in the build, by its path under the project root. */
const CMAP_URLS = import.meta.glob<string>('/node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
  // Vite's globs skip node_modules unless asked.
  exhaustive: true,
});

const CMAP_DIRECTORY = '/node_modules/pdfjs-dist/cmaps/';

/** The built URL of a CMap file (`UniGB-UCS2-H.bcmap`), or undefined for a name pdf.js does not ship. */
export function cMapUrl(filename: string): string | undefined {
  return CMAP_URLS[`${CMAP_DIRECTORY}${filename}`];
}

/** How many CMap files the build carries (a test checks the glob found them). */
export const CMAP_COUNT = Object.keys(CMAP_URLS).length;

/** What pdf.js asks its binary-data factory for (`FetchBinaryData`: a CMap, a standard font, a wasm decoder). */
interface BinaryDataRequest {
  kind: string;
  filename: string;
}

/**
 * A pdf.js `BinaryDataFactory` (the `getDocument` option, with `useWorkerFetch: false`) that serves the bundled
 * CMaps through `fetchBytes`; any other data (standard fonts, wasm decoders) is refused, as it is without the
 * factory: pdf.js then falls back as before (text extraction needs neither).
 */
export function bundledCMapFactory(fetchBytes: (url: string) => Promise<Uint8Array>) {
  return class BundledCMapFactory {
    async fetch({ kind, filename }: BinaryDataRequest): Promise<Uint8Array> {
      const url = kind === 'cMapUrl' ? cMapUrl(filename) : undefined;
      if (!url) throw new Error(`No bundled ${kind} data for ${filename}.`);
      return fetchBytes(url);
    }
  };
}

/** The browser's way to read a bundled file. */
export async function fetchAssetBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
