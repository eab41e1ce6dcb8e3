/** A global capability the sandbox removes: a callable/constructor, or a value (object) whose access throws. */
export interface DisabledGlobal {
  /** `fetch`, or a dotted path below a global such as `navigator.storage`. */
  path: string;
  kind: 'function' | 'value';
}

/** Everything that could reach the network, storage, other contexts or the page, disabled before user code runs. */
export const DISABLED_GLOBALS: readonly DisabledGlobal[] = [
  { path: 'fetch', kind: 'function' },
  { path: 'XMLHttpRequest', kind: 'function' },
  { path: 'WebSocket', kind: 'function' },
  { path: 'WebSocketStream', kind: 'function' },
  { path: 'WebTransport', kind: 'function' },
  { path: 'EventSource', kind: 'function' },
  { path: 'importScripts', kind: 'function' },
  { path: 'Worker', kind: 'function' },
  { path: 'SharedWorker', kind: 'function' },
  { path: 'BroadcastChannel', kind: 'function' },
  { path: 'RTCPeerConnection', kind: 'function' },
  { path: 'webkitRTCPeerConnection', kind: 'function' },
  { path: 'FontFace', kind: 'function' },
  { path: 'Notification', kind: 'function' },
  { path: 'webkitRequestFileSystem', kind: 'function' },
  { path: 'webkitRequestFileSystemSync', kind: 'function' },
  { path: 'webkitResolveLocalFileSystemURL', kind: 'function' },
  { path: 'webkitResolveLocalFileSystemSyncURL', kind: 'function' },
  { path: 'postMessage', kind: 'function' },
  { path: 'close', kind: 'function' },
  { path: 'indexedDB', kind: 'value' },
  { path: 'caches', kind: 'value' },
  { path: 'cookieStore', kind: 'value' },
  { path: 'fonts', kind: 'value' },
  { path: 'navigator.sendBeacon', kind: 'function' },
  { path: 'navigator.storage', kind: 'value' },
  { path: 'navigator.storageBuckets', kind: 'value' },
  { path: 'navigator.locks', kind: 'value' },
  { path: 'navigator.serviceWorker', kind: 'value' },
  { path: 'navigator.usb', kind: 'value' },
  { path: 'navigator.serial', kind: 'value' },
  { path: 'navigator.hid', kind: 'value' },
  { path: 'navigator.bluetooth', kind: 'value' },
  { path: 'navigator.mediaDevices', kind: 'value' },
];

/** The message user code sees when it touches a disabled capability. */
export function disabledMessage(path: string): string {
  return `${path} is disabled in the sandbox`;
}

function disabledFunction(path: string): () => never {
  // A plain function (not an arrow) so that `new WebSocket(...)` throws the same clear error.
  return function disabled(): never {
    throw new Error(disabledMessage(path));
  };
}

/**
 * Replaces each disabled global on `scope`, on its owner object and on every prototype that defines it (so
 * `Object.getPrototypeOf(navigator)` cannot hand the original back). Returns the paths it could not replace.
 */
export function disableGlobals(scope: object, globals: readonly DisabledGlobal[] = DISABLED_GLOBALS): string[] {
  const failures: string[] = [];
  for (const { path, kind } of globals) {
    const segments = path.split('.');
    const property = segments.pop() as string;
    let owner: unknown = scope;
    for (const segment of segments)
      owner = owner === null || owner === undefined ? undefined : (owner as Record<string, unknown>)[segment];
    if (typeof owner !== 'object' && typeof owner !== 'function') continue;
    if (owner === null) continue;
    const descriptor: PropertyDescriptor =
      kind === 'function'
        ? { value: disabledFunction(path), writable: false, enumerable: false, configurable: false }
        : {
            get: () => {
              throw new Error(disabledMessage(path));
            },
            enumerable: false,
            configurable: false,
          };
    for (
      let holder: object | null = Object.getPrototypeOf(owner);
      holder && holder !== Object.prototype;
      holder = Object.getPrototypeOf(holder)
    ) {
      if (Object.prototype.hasOwnProperty.call(holder, property) && !redefine(holder, property, descriptor))
        failures.push(path);
    }
    if (!redefine(owner, property, descriptor)) failures.push(path);
  }
  return [...new Set(failures)];
}

function redefine(target: object, property: string, descriptor: PropertyDescriptor): boolean {
  try {
    Object.defineProperty(target, property, descriptor);
    return true;
  } catch {
    try {
      return Reflect.deleteProperty(target, property) && Reflect.defineProperty(target, property, descriptor);
    } catch {
      return false;
    }
  }
}

/**
 * Removes every way to turn a string into code: `eval`, `Function` and the constructors reachable from any
 * function (`(async () => {}).constructor`), and string handlers for `setTimeout`/`setInterval`.
 * Together with the `import` check this keeps dynamic `import()` — a network fetch — out of reach.
 */
export function disableCodeGeneration(scope: Record<string, unknown>): void {
  const originalFunction = Function;
  const prototypes = [
    Function.prototype,
    Object.getPrototypeOf(async function () {}) as object,
    Object.getPrototypeOf(function* () {}) as object,
    Object.getPrototypeOf(async function* () {}) as object,
  ];
  for (const prototype of prototypes) {
    Object.defineProperty(prototype, 'constructor', {
      value: disabledFunction('The Function constructor'),
      writable: false,
      configurable: false,
    });
  }
  const replacement = disabledFunction('Function');
  // Keeps `value instanceof Function` working.
  Object.defineProperty(replacement, 'prototype', { value: originalFunction.prototype });
  Object.defineProperty(scope, 'Function', { value: replacement, writable: false, configurable: false });
  Object.defineProperty(scope, 'eval', { value: disabledFunction('eval'), writable: false, configurable: false });
  for (const name of ['setTimeout', 'setInterval'] as const) {
    const original = scope[name];
    if (typeof original !== 'function') continue;
    const guarded = (handler: unknown, ...rest: unknown[]): unknown => {
      if (typeof handler !== 'function')
        throw new Error(`${name} with a string of code is disabled in the sandbox; pass a function`);
      return (original as (...parameters: unknown[]) => unknown).call(scope, handler, ...rest);
    };
    Object.defineProperty(scope, name, { value: guarded, writable: false, configurable: false });
  }
}

/** The error for code that tries to load a module. */
export function importMessage(line: number): string {
  return `SyntaxError: import is disabled in the sandbox (line ${line}): modules cannot be loaded; write the code inline`;
}

/**
 * Finds the word `import` anywhere in user code, strings and comments included: dynamic `import()` would load code
 * over the network, and as a keyword it cannot be spelled any other way. The worker uses this textual check only
 * for code its parser could not read (prepareSource finds `import` exactly otherwise). Returns the error message,
 * or undefined when the code is free of it.
 */
export function findBlockedSyntax(code: string): string | undefined {
  const match = /\bimport\b/.exec(code);
  if (!match) return undefined;
  return importMessage(code.slice(0, match.index).split('\n').length);
}
