// Copies a picked model file, or downloads one, into the Origin Private File System, off the main thread: a sync
// access handle writes in place (createWritable would copy the whole file on every commit), so a download flushed as
// it goes resumes after a reload from what was received (HTTP Range). The header is verified before a copy and after
// a download; a file that is not GGUF or is truncated is removed, and nothing else is touched.
import type { ModelTransferEvent, ModelTransferRequest } from './model-transfer.ts';
import {
  checkFits,
  checkSingleFileLimit,
  ModelFileError,
  rangeResume,
  splitPart,
  type ModelFileProblem,
} from './model-file-rules.ts';
import {
  findFile,
  META_SUFFIX,
  modelsDirectory,
  PART_SUFFIX,
  readDownloadMeta,
  removeIfPresent,
  verifyModel,
  type DownloadMeta,
  type OpfsFileHandle,
  type SyncAccessHandle,
} from './opfs.ts';

const COPY_CHUNK = 8 * 1024 * 1024;
const FLUSH_EVERY = 4 * 1024 * 1024;

interface WorkerScope {
  onmessage: ((event: MessageEvent<ModelTransferRequest>) => void) | null;
  postMessage(message: ModelTransferEvent): void;
}
const scope = self as unknown as WorkerScope;
const abort = new AbortController();

class Cancelled extends Error {}

/** Progress, at most every 100 ms (and always the last). */
function progressReporter() {
  let last = 0;
  return (received: number, total: number | undefined, force = false) => {
    const now = performance.now();
    if (!force && now - last < 100) return;
    last = now;
    scope.postMessage({ kind: 'progress', received, total });
  };
}

async function startPart(directory: FileSystemDirectoryHandle, name: string): Promise<OpfsFileHandle> {
  if (await findFile(directory, name)) throw new ModelFileError({ kind: 'exists', name });
  return (await directory.getFileHandle(name + PART_SUFFIX, { create: true })) as OpfsFileHandle;
}

/** Verifies the finished part and gives it its name. */
async function finish(directory: FileSystemDirectoryHandle, part: OpfsFileHandle, name: string): Promise<number> {
  const file = await part.getFile();
  try {
    await verifyModel(file, name);
  } catch (error) {
    await removeIfPresent(directory, name + PART_SUFFIX);
    await removeIfPresent(directory, name + META_SUFFIX);
    throw error;
  }
  await part.move(name);
  await removeIfPresent(directory, name + META_SUFFIX);
  return file.size;
}

async function copy(file: File, name: string): Promise<number> {
  const directory = await modelsDirectory();
  await verifyModel(file, name);
  if (!splitPart(name)) checkSingleFileLimit(file.size);
  const part = await startPart(directory, name);
  const access = await part.createSyncAccessHandle();
  const report = progressReporter();
  try {
    access.truncate(0);
    for (let offset = 0; offset < file.size; offset += COPY_CHUNK) {
      if (abort.signal.aborted) throw new Cancelled();
      const chunk = new Uint8Array(await file.slice(offset, offset + COPY_CHUNK).arrayBuffer());
      access.write(chunk, { at: offset });
      report(offset + chunk.length, file.size);
    }
    access.flush();
  } catch (error) {
    access.close();
    await removeIfPresent(directory, name + PART_SUFFIX);
    throw error;
  }
  access.close();
  report(file.size, file.size, true);
  return finish(directory, part, name);
}

async function writeMeta(directory: FileSystemDirectoryHandle, name: string, meta: DownloadMeta): Promise<void> {
  const handle = (await directory.getFileHandle(name + META_SUFFIX, { create: true })) as OpfsFileHandle;
  const access = await handle.createSyncAccessHandle();
  try {
    access.truncate(0);
    access.write(new TextEncoder().encode(JSON.stringify(meta)), { at: 0 });
    access.flush();
  } finally {
    access.close();
  }
}

/** Asks for the rest of the file (all of it when nothing was received, or the source changed). */
async function requestFrom(url: string, received: number): Promise<Response> {
  try {
    return await fetch(url, {
      headers: received > 0 ? { Range: `bytes=${received}-` } : {},
      signal: abort.signal,
      cache: 'no-store',
    });
  } catch (error) {
    if (abort.signal.aborted) throw new Cancelled();
    throw new ModelFileError({ kind: 'network', detail: String(error), received, total: 0 });
  }
}

/** Streams the body into the part at `start`, flushing as it goes; returns the bytes the part then holds. */
async function receive(
  response: Response,
  access: SyncAccessHandle,
  start: number,
  total: number | undefined,
): Promise<number> {
  const report = progressReporter();
  let received = start;
  let unflushed = 0;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      access.write(value, { at: received });
      received += value.length;
      unflushed += value.length;
      if (unflushed >= FLUSH_EVERY) {
        access.flush();
        unflushed = 0;
      }
      report(received, total);
    }
  } catch (error) {
    access.flush();
    if (abort.signal.aborted) throw new Cancelled(String(received));
    throw new ModelFileError({ kind: 'network', detail: String(error), received, total: total ?? 0 });
  }
  access.flush();
  report(received, total, true);
  return received;
}

/** Checks a response before its body is stored: the runtime's single-file limit and the quota. */
async function admit(response: Response, name: string, received: number, knownTotal: number | undefined) {
  try {
    const resume = rangeResume(response.status, response.headers, received, knownTotal);
    if (resume.total !== undefined && !splitPart(name)) checkSingleFileLimit(resume.total);
    if (resume.total !== undefined) checkFits(resume.total - resume.start, await navigator.storage.estimate());
    return resume;
  } catch (error) {
    void response.body?.cancel().catch(() => undefined);
    throw error;
  }
}

async function download(url: string, name: string): Promise<number> {
  const directory = await modelsDirectory();
  const part = await startPart(directory, name);
  const meta = await readDownloadMeta(directory, name);
  const access = await part.createSyncAccessHandle();
  let received = meta?.url === url ? access.getSize() : 0;
  let total = meta?.url === url ? meta.total : undefined;
  let refusedEmpty = false;
  try {
    if (total === undefined || received < total) {
      const response = await requestFrom(url, received);
      const resume = await admit(response, name, received, total);
      total = resume.total;
      if (resume.start === 0) access.truncate(0);
      await writeMeta(directory, name, { url, ...(total === undefined ? {} : { total }) });
      received = await receive(response, access, resume.start, total);
      if (total !== undefined && received < total) {
        throw new ModelFileError({ kind: 'network', detail: 'the connection ended early', received, total });
      }
    }
  } catch (error) {
    refusedEmpty = access.getSize() === 0;
    throw error;
  } finally {
    access.close();
    // Refused before anything arrived (limit, quota, HTTP error): nothing is left behind.
    if (refusedEmpty) {
      await removeIfPresent(directory, name + PART_SUFFIX);
      await removeIfPresent(directory, name + META_SUFFIX);
    }
  }
  return finish(directory, part, name);
}

function problemOf(error: unknown): ModelFileProblem {
  if (error instanceof ModelFileError) return error.problem;
  if (error instanceof DOMException && error.name === 'QuotaExceededError') {
    return { kind: 'no-space', bytes: 0, free: 0 };
  }
  return { kind: 'storage', detail: error instanceof Error ? error.message : String(error) };
}

scope.onmessage = (event) => {
  const request = event.data;
  if (request.kind === 'cancel') {
    abort.abort();
    return;
  }
  const work = request.kind === 'copy' ? copy(request.file, request.name) : download(request.url, request.name);
  work.then(
    (bytes) => scope.postMessage({ kind: 'done', name: request.name, bytes }),
    (error: unknown) =>
      scope.postMessage(
        error instanceof Cancelled ? { kind: 'cancelled' } : { kind: 'failed', problem: problemOf(error) },
      ),
  );
};
