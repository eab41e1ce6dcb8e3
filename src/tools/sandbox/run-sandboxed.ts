import type { SandboxResult } from '../tool-context.ts';
import { abortError } from '../tool-error.ts';
import {
  SANDBOX_CONNECT,
  isSandboxFrameMessage,
  isSandboxWorkerMessage,
  type SandboxRunMessage,
} from './sandbox-protocol.ts';
import { MAX_LOG_ENTRIES, MAX_LOG_ENTRY_CHARS, truncateText } from './sandbox-serialise.ts';
// The bundled worker script's URL; the page fetches its text and hands it to the sandbox frame. (The default export
// is Vite's, declared by vite/client.)
// eslint-disable-next-line import/default
import sandboxWorkerUrl from './sandbox-worker.ts?worker&url';

/** Options of one sandboxed run. */
export interface RunSandboxedOptions {
  timeoutMs: number;
  signal: AbortSignal;
  /** Let the code use `fetch` (http and https only): a custom tool the user ticked "Allow network" for. */
  network?: boolean;
}

/** The part of a `Worker` the host side uses (a fake stands in for it in tests). */
export interface SandboxWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: Event) => void): void;
  /** Settles once the code can run (a frame hosting the worker has loaded); absent: at once. */
  whenStarted?: Promise<void>;
}

/** How long a sandbox may take to start (its frame to load) before the run's own time limit begins. */
export const SANDBOX_START_LIMIT_MS = 20_000;

/**
 * Runs JavaScript in a fresh sandbox (browser only): a worker inside an opaque-origin frame (the child frame of
 * public/sandbox.html), removed with the frame when the run ends.
 */
export function runSandboxed(code: string, options: RunSandboxedOptions): Promise<SandboxResult> {
  return runInWorker(() => createSandboxWorker(options.network === true), code, options);
}

/**
 * The sandbox page. The app embeds it same-origin, so the service worker answers its navigation offline (it never
 * sees a sandboxed frame's, w3c/ServiceWorker#1727); the page then runs the code in a `srcdoc` child frame with
 * `sandbox="allow-scripts"` and no `allow-same-origin`, under the page's own policy (public/sandbox-host.js).
 */
export const SANDBOX_PAGE_PATH = 'sandbox.html';

/** The same page with a policy that allows http(s) requests, for code allowed the network. */
export const NETWORK_SANDBOX_PAGE_PATH = 'sandbox-network.html';

/**
 * Starts a sandbox. In the built app it is a worker inside a sandboxed frame. The dev server cannot serve the
 * worker as one script (it serves modules one by one), so there the worker is started directly, same-origin,
 * with the global lockdown as its only boundary.
 */
export function createSandboxWorker(network = false): SandboxWorker {
  if (import.meta.env.DEV) return new Worker(sandboxWorkerUrl, { type: 'module', name: 'glassbox-sandbox' });
  const page = network ? NETWORK_SANDBOX_PAGE_PATH : SANDBOX_PAGE_PATH;
  return new FramedSandboxWorker(
    document,
    new URL(`${import.meta.env.BASE_URL}${page}`, document.baseURI).href,
    loadWorkerSource,
  );
}

let workerSource: Promise<string> | undefined;

/** The worker script's text, fetched once from the app's own origin (a failed fetch is retried next time). */
function loadWorkerSource(): Promise<string> {
  workerSource ??= fetch(sandboxWorkerUrl).then(async (response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${sandboxWorkerUrl}`);
    return response.text();
  });
  workerSource.catch(() => {
    workerSource = undefined;
  });
  return workerSource;
}

/**
 * A sandbox worker hosted by a fresh frame of the sandbox page, whose sandboxed child runs it: the child's origin
 * is opaque, so whatever the lockdown misses still cannot reach the app's IndexedDB, storage, locks or channels,
 * and the page's own policy forbids network. The page talks to it over a private MessageChannel port handed over
 * once (the frame passes it to its child); `terminate` removes the frame, which ends the child and the worker
 * whatever they are doing.
 */
export class FramedSandboxWorker implements SandboxWorker {
  private readonly events = new EventTarget();
  private readonly frame: HTMLIFrameElement;
  private readonly channel = new MessageChannel();
  private readonly queued: unknown[] = [];
  private started = false;
  private stopped = false;
  private markStarted: () => void = () => undefined;
  /** Settles when the worker script was handed to the frame's child, where the code then runs. */
  readonly whenStarted = new Promise<void>((resolve) => {
    this.markStarted = resolve;
  });

  constructor(owner: Document, pageUrl: string, loadSource: () => Promise<string>) {
    // The sandbox is this frame's child, sandboxed by the page itself (public/sandbox-host.js); this frame must be
    // same-origin for the service worker to serve its navigation offline.
    // eslint-disable-next-line react/iframe-missing-sandbox
    const frame = owner.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.title = 'JavaScript sandbox';
    frame.hidden = true;
    frame.referrerPolicy = 'no-referrer';
    this.frame = frame;
    const port = this.channel.port1;
    port.addEventListener('message', (event) => this.onFrameMessage(event.data, loadSource));
    port.start();
    frame.addEventListener(
      'load',
      () => {
        // The frame's origin is opaque ('null'), so no narrower target origin exists; the port is the only channel.
        frame.contentWindow?.postMessage({ type: SANDBOX_CONNECT }, '*', [this.channel.port2]);
      },
      { once: true },
    );
    frame.src = pageUrl;
    owner.body.append(frame);
  }

  postMessage(message: unknown): void {
    if (this.stopped) return;
    if (this.started) this.channel.port1.postMessage(message);
    else this.queued.push(message);
  }

  terminate(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.channel.port1.postMessage({ type: 'stop' });
    this.channel.port1.close();
    this.frame.remove();
  }

  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: Event) => void): void {
    this.events.addEventListener(type, listener);
  }

  private onFrameMessage(data: unknown, loadSource: () => Promise<string>): void {
    if (this.stopped) return;
    if (isSandboxFrameMessage(data)) {
      if (data.type === 'ready') void this.start(loadSource);
      else if (data.type === 'sandbox-messageerror') this.events.dispatchEvent(new Event('messageerror'));
      else this.fail(data.message);
      return;
    }
    this.events.dispatchEvent(new MessageEvent('message', { data }));
  }

  private async start(loadSource: () => Promise<string>): Promise<void> {
    let source: string;
    try {
      source = await loadSource();
    } catch (error) {
      this.fail(`its worker script could not be loaded (${error instanceof Error ? error.message : String(error)})`);
      return;
    }
    if (this.stopped || this.started) return;
    this.started = true;
    const port = this.channel.port1;
    port.postMessage({ type: 'start', workerSource: source });
    for (const message of this.queued.splice(0)) port.postMessage(message);
    this.markStarted();
  }

  private fail(message: string): void {
    this.events.dispatchEvent(new ErrorEvent('error', { message, cancelable: true }));
  }
}

/**
 * Sends code to a new worker and settles with its result; on timeout the worker is terminated and the result
 * says `timedOut`; on abort it is terminated and the promise rejects with the abort reason.
 */
export function runInWorker(
  createWorker: () => SandboxWorker,
  code: string,
  options: RunSandboxedOptions,
): Promise<SandboxResult> {
  const { signal, timeoutMs } = options;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<SandboxResult>((resolve, reject) => {
    const logs: string[] = [];
    let worker: SandboxWorker | undefined;
    let finished = false;
    const finish = (outcome: { result: SandboxResult } | { error: unknown }): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      worker?.terminate();
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
    const onAbort = (): void => finish({ error: abortError(signal) });
    // The time limit counts the code's run, not the sandbox's start (a loaded machine may take seconds to load a frame).
    let timer = setTimeout(() => {
      finish({
        result: {
          ok: false,
          error: `The sandbox did not start within ${formatDuration(SANDBOX_START_LIMIT_MS)}`,
          logs,
        },
      });
    }, SANDBOX_START_LIMIT_MS);
    const startRunLimit = (): void => {
      if (finished) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        finish({
          result: {
            ok: false,
            timedOut: true,
            error: `Timed out after ${formatDuration(timeoutMs)}; the worker was stopped`,
            logs,
          },
        });
      }, timeoutMs);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      worker = createWorker();
    } catch (error) {
      finish({
        result: {
          ok: false,
          error: `The sandbox could not start: ${error instanceof Error ? error.message : String(error)}`,
          logs,
        },
      });
      return;
    }
    if (worker.whenStarted) void worker.whenStarted.then(startRunLimit, () => undefined);
    else startRunLimit();
    settleFromWorker(worker, logs, (result) => finish({ result }));
    // A Worker's postMessage has no target origin.
    // eslint-disable-next-line unicorn/require-post-message-target-origin
    const run: SandboxRunMessage = { type: 'run', code, ...(options.network ? { network: true } : {}) };
    worker.postMessage(run);
  });
}

/** Collects the worker's logs and settles with its result, its failure, or its unreadable message. */
function settleFromWorker(worker: SandboxWorker, logs: string[], settle: (result: SandboxResult) => void): void {
  worker.addEventListener('message', (event) => {
    const data = (event as MessageEvent).data;
    if (!isSandboxWorkerMessage(data)) return;
    if (data.type === 'log') {
      // The worker already bounds its output; this keeps the page safe even if it did not.
      if (logs.length <= MAX_LOG_ENTRIES) logs.push(truncateText(data.entry, MAX_LOG_ENTRY_CHARS));
      return;
    }
    settle(data.ok ? { ok: true, result: data.result, logs } : { ok: false, error: data.error, logs });
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    const message = (event as ErrorEvent).message;
    settle({ ok: false, error: `The sandbox failed: ${message || 'the worker script could not run'}`, logs });
  });
  worker.addEventListener('messageerror', () => {
    settle({ ok: false, error: 'The sandbox sent a result that could not be read', logs });
  });
}

function formatDuration(milliseconds: number): string {
  return milliseconds % 1000 === 0 ? `${milliseconds / 1000} s` : `${milliseconds} ms`;
}
