/**
 * The rules for model files in the browser, without any browser API: file names from URLs, split-file names, HTTP
 * ranges, the runtime's single-file limit, whether a file fits the storage quota, and how sizes are shown.
 */

/** The largest single file the runtime can load: wllama reads each file into one ArrayBuffer (2 GB at most). */
export const SINGLE_FILE_LIMIT = 2 * 1024 ** 3 - 1;

/** Why a model file cannot be stored; the page turns it into a sentence (src/i18n/local-files.ts). */
export type ModelFileProblem =
  | { kind: 'not-gguf-name'; name: string }
  | { kind: 'bad-url'; url: string }
  | { kind: 'too-big'; bytes: number; limit: number }
  | { kind: 'no-space'; bytes: number; free: number }
  | { kind: 'gguf'; gguf: 'not-gguf' | 'truncated' | 'unsupported' | 'corrupt'; detail: string }
  | { kind: 'http'; status: number }
  | { kind: 'network'; detail: string; received: number; total: number }
  | { kind: 'no-range' }
  | { kind: 'storage'; detail: string }
  | { kind: 'exists'; name: string };

export class ModelFileError extends Error {
  readonly problem: ModelFileProblem;
  constructor(problem: ModelFileProblem) {
    super(`${problem.kind}: ${JSON.stringify(problem)}`);
    this.name = 'ModelFileError';
    this.problem = problem;
  }
}

/** A name OPFS and people can both use: the last path segment, without characters a file system refuses. */
export function safeModelName(raw: string): string {
  const base = raw.split(/[\\/]/u).pop() ?? '';
  const printable = [...base].map((char) => (char.charCodeAt(0) < 32 ? '_' : char)).join('');
  return printable.replace(/[<>:"|?*]/gu, '_').trim();
}

/** The model file name of a download URL (a Hugging Face `resolve` link ends in the file name). */
export function modelNameFromUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ModelFileError({ kind: 'bad-url', url });
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new ModelFileError({ kind: 'bad-url', url });
  const last = decodeURIComponent(parsed.pathname.split('/').pop() ?? '');
  const name = safeModelName(last);
  if (!/\.gguf$/iu.test(name)) throw new ModelFileError({ kind: 'not-gguf-name', name: name || url });
  return name;
}

/** The name's split part (`model-00002-of-00003.gguf` is part 2 of 3), if it is one. */
export function splitPart(name: string): { base: string; index: number; count: number } | undefined {
  const match = /^(.*)-(\d{5})-of-(\d{5})\.gguf$/iu.exec(name);
  if (!match) return undefined;
  return { base: match[1] as string, index: Number(match[2]), count: Number(match[3]) };
}

/** The names of every part of a split model, in order (the first part's name gives them all). */
export function splitPartNames(name: string): string[] {
  const part = splitPart(name);
  if (!part) return [name];
  const pad = (n: number) => String(n).padStart(5, '0');
  return Array.from({ length: part.count }, (_, i) => `${part.base}-${pad(i + 1)}-of-${pad(part.count)}.gguf`);
}

/** Refuses a single file the runtime cannot load (split files are loaded part by part, each under the limit). */
export function checkSingleFileLimit(bytes: number, limit = SINGLE_FILE_LIMIT): void {
  if (bytes > limit) throw new ModelFileError({ kind: 'too-big', bytes, limit });
}

/** Refuses to store `bytes` more when the origin's quota does not have room (from `navigator.storage.estimate()`). */
export function checkFits(bytes: number, estimate: { quota?: number; usage?: number }): void {
  if (estimate.quota === undefined) return;
  const free = Math.max(0, estimate.quota - (estimate.usage ?? 0));
  if (bytes > free) throw new ModelFileError({ kind: 'no-space', bytes, free });
}

/** `Content-Range: bytes 100-199/1000` → start 100, total 1000 (total undefined for `*`). */
export function parseContentRange(header: string | null): { start: number; total: number | undefined } | undefined {
  const match = /^bytes\s+(\d+)-(\d+)\/(\d+|\*)$/iu.exec(header?.trim() ?? '');
  if (!match) return undefined;
  return { start: Number(match[1]), total: match[3] === '*' ? undefined : Number(match[3]) };
}

/**
 * Where a response to a request for `bytes=<received>-` starts and how long the whole file is: 206 continues at
 * `received`; 200 (the server ignored the range) starts again at 0. A cross-origin 206 whose `Content-Range` is not
 * exposed continues at `received`, its length from `Content-Length` (or what an earlier response said).
 */
export function rangeResume(
  status: number,
  headers: { get(name: string): string | null },
  received: number,
  knownTotal?: number,
): { start: number; total: number | undefined } {
  const length = Number(headers.get('content-length') ?? Number.NaN);
  const hasLength = Number.isFinite(length) && length > 0;
  if (status === 206) {
    const range = parseContentRange(headers.get('content-range'));
    if (range && range.start !== received) throw new ModelFileError({ kind: 'no-range' });
    if (range) return { start: received, total: range.total ?? knownTotal };
    return { start: received, total: hasLength ? received + length : knownTotal };
  }
  if (status !== 200) throw new ModelFileError({ kind: 'http', status });
  return { start: 0, total: hasLength ? length : undefined };
}

/** A size rounded for people: `512 B`, `300 KB`, `12.5 MB`, `1.2 GB` (decimal units, as download sites show). */
export function formatModelSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1e6) return `${Math.round(bytes / 1e3)} KB`;
  if (bytes < 1e9) return `${(bytes / 1e6).toFixed(bytes < 1e8 ? 1 : 0)} MB`;
  return `${(bytes / 1e9).toFixed(2)} GB`;
}

/** A parameter count as models are named: `494M`, `1.5B`, `7.6B`, `120K`. */
export function formatParameterCount(count: number): string {
  if (count >= 1e9) return `${(count / 1e9).toFixed(count >= 1e10 ? 0 : 1)}B`;
  if (count >= 1e6) return `${Math.round(count / 1e6)}M`;
  if (count >= 1e3) return `${Math.round(count / 1e3)}K`;
  return String(count);
}
