// The sandbox: a dedicated Worker (one classic script in the build), one per run, ended when the run finishes or times out.
// A worker has no DOM; before any user code runs this script also removes network, storage and code-generation
// capabilities. It is the only place where user code is compiled (with the async Function constructor), which is
// the product's intended execution boundary. In the built app the page does not start it directly: the opaque child
// frame of public/sandbox.html (whose policy forbids network) starts it from its script text, so it gets an opaque
// origin and that page's CSP too.
import { DISABLED_GLOBALS, disableCodeGeneration, disableGlobals, findBlockedSyntax } from './sandbox-globals.ts';
import type { SandboxRunMessage, SandboxWorkerMessage } from './sandbox-protocol.ts';
import {
  CAPTURED_CONSOLE_METHODS,
  type ConsoleLevel,
  LogCollector,
  describeThrown,
  serialiseValue,
} from './sandbox-serialise.ts';
import { prepareSource } from './sandbox-source.ts';

interface WorkerScope {
  postMessage(message: unknown): void;
  addEventListener(type: string, listener: (event: Event) => void): void;
  console: Console;
}

type CompiledBody = (this: undefined) => Promise<unknown>;

const scope = globalThis as unknown as WorkerScope & Record<string, unknown>;

// Captured before the lockdown; only this module holds them afterwards.
const post = scope.postMessage.bind(scope) as (message: SandboxWorkerMessage) => void;
const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor as new (body: string) => CompiledBody;

const collector = new LogCollector();
let started = false;

function log(level: ConsoleLevel, values: readonly unknown[]): void {
  const entry = collector.add(level, values);
  if (entry !== undefined) post({ type: 'log', entry });
}

for (const level of Object.keys(CAPTURED_CONSOLE_METHODS) as ConsoleLevel[]) {
  Object.defineProperty(scope.console, level, {
    value: (...values: unknown[]) => log(level, values),
    writable: true,
    configurable: true,
  });
}

scope.addEventListener('error', (event) => {
  event.preventDefault();
  const { error, message } = event as ErrorEvent;
  log('error', [error === undefined || error === null ? message : `Uncaught ${describeThrown(error)}`]);
});
scope.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  log('error', [`Unhandled promise rejection: ${describeThrown((event as PromiseRejectionEvent).reason)}`]);
});
scope.addEventListener('message', (event) => {
  const data = (event as MessageEvent<Partial<SandboxRunMessage>>).data;
  // One run per worker; later (or synthetic) messages are ignored.
  if (started || data?.type !== 'run' || typeof data.code !== 'string') return;
  started = true;
  lockDown(data.network === true);
  void run(data.code);
});

/**
 * Removes the capabilities before the one run's code is compiled (no user code runs before the run message):
 * all of them, or all but `fetch` when the run may use the network — which the network frame's policy then limits
 * to http(s) requests from an opaque origin, with no cookies or storage of the app.
 */
function lockDown(network: boolean): void {
  disableGlobals(scope, network ? DISABLED_GLOBALS.filter((global) => global.path !== 'fetch') : DISABLED_GLOBALS);
  disableCodeGeneration(scope);
}

async function run(code: string): Promise<void> {
  const compiled = compile(code);
  if ('error' in compiled) {
    post({ type: 'result', ok: false, error: compiled.error });
    return;
  }
  try {
    const value = await compiled.body.call(undefined);
    post({ type: 'result', ok: true, result: serialiseValue(value) });
  } catch (error) {
    post({ type: 'result', ok: false, error: describeThrown(error) });
  }
}

/**
 * Compiles the prepared body. Code the parser refuses is still compiled as written when the engine accepts it
 * (syntax newer than the parser), behind the stricter textual `import` check; else the parser's error, which
 * names the line and column, is reported.
 */
function compile(code: string): { body: CompiledBody } | { error: string } {
  const prepared = prepareSource(code);
  if (prepared.ok) {
    try {
      return { body: new AsyncFunction(prepared.body) };
    } catch (error) {
      return { error: describeThrown(error) };
    }
  }
  if (prepared.parsed) return { error: prepared.error };
  const blocked = findBlockedSyntax(code);
  if (blocked) return { error: blocked };
  try {
    return { body: new AsyncFunction(code) };
  } catch {
    return { error: prepared.error };
  }
}
