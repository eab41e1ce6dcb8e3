// The sandbox: a dedicated module Worker, one per run, terminated by the page when it finishes or times out.
// A worker has no DOM; before any user code runs this script also removes network, storage and code-generation
// capabilities. It is the only place where user code is compiled (with the async Function constructor), which is
// the product's intended execution boundary.
import { disableCodeGeneration, disableGlobals, findBlockedSyntax } from './sandbox-globals.ts';
import type { SandboxRunMessage, SandboxWorkerMessage } from './sandbox-protocol.ts';
import { CAPTURED_CONSOLE_METHODS, type ConsoleLevel, LogCollector, describeThrown, serialiseValue } from './sandbox-serialise.ts';
import { sourceCandidates } from './sandbox-source.ts';

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
  void run(data.code);
});

disableGlobals(scope);
disableCodeGeneration(scope);

async function run(code: string): Promise<void> {
  const blocked = findBlockedSyntax(code);
  if (blocked) {
    post({ type: 'result', ok: false, error: blocked });
    return;
  }
  let compiled: CompiledBody | undefined;
  let compileError: unknown;
  for (const body of sourceCandidates(code)) {
    try {
      compiled = new AsyncFunction(body);
      break;
    } catch (error) {
      compileError = error;
    }
  }
  if (!compiled) {
    post({ type: 'result', ok: false, error: describeThrown(compileError) });
    return;
  }
  try {
    const value = await compiled.call(undefined);
    post({ type: 'result', ok: true, result: serialiseValue(value) });
  } catch (error) {
    post({ type: 'result', ok: false, error: describeThrown(error) });
  }
}
