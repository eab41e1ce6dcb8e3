import { describe, it, expect } from 'vitest';
import { DISABLED_GLOBALS, disableGlobals, findBlockedSyntax } from './sandbox-globals.ts';

function fakeWorkerScope() {
  // A navigator whose `storage` lives on the prototype, as WorkerNavigator's does.
  const navigatorPrototype = {};
  Object.defineProperty(navigatorPrototype, 'storage', {
    get: () => ({ getDirectory: () => 'opfs' }),
    configurable: true,
  });
  const navigator = Object.create(navigatorPrototype) as Record<string, unknown>;
  const scopePrototype = { importScripts: () => 'loaded' };
  const scope = Object.create(scopePrototype) as Record<string, unknown>;
  Object.assign(scope, { navigator, fetch: () => 'network', WebSocket: Object, Math });
  Object.defineProperty(scope, 'indexedDB', { get: () => ({ open: () => 'db' }), configurable: true });
  return { scope, navigatorPrototype, scopePrototype };
}

describe('disableGlobals', () => {
  it('lists the capabilities the brief names', () => {
    const paths = DISABLED_GLOBALS.map((entry) => entry.path);
    for (const path of [
      'fetch',
      'XMLHttpRequest',
      'WebSocket',
      'EventSource',
      'importScripts',
      'indexedDB',
      'caches',
      'BroadcastChannel',
      'Worker',
      'SharedWorker',
      'navigator.sendBeacon',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('makes functions, constructors and values throw a clear error', () => {
    const { scope } = fakeWorkerScope();
    expect(disableGlobals(scope)).toEqual([]);
    expect(() => (scope.fetch as () => unknown)()).toThrow('fetch is disabled in the sandbox');
    expect(() => new (scope.WebSocket as new () => unknown)()).toThrow('WebSocket is disabled in the sandbox');
    expect(() => scope.indexedDB).toThrow('indexedDB is disabled in the sandbox');
    expect(() => (scope.XMLHttpRequest as () => unknown)()).toThrow('XMLHttpRequest is disabled in the sandbox');
    expect(() => (scope.navigator as Record<string, unknown>).storage).toThrow(
      'navigator.storage is disabled in the sandbox',
    );
    expect(scope.Math).toBe(Math);
  });

  it('also replaces definitions on prototypes, so the originals cannot be recovered', () => {
    const { scope, navigatorPrototype, scopePrototype } = fakeWorkerScope();
    disableGlobals(scope);
    const getter = Object.getOwnPropertyDescriptor(navigatorPrototype, 'storage')?.get;
    expect(() => getter?.call(scope.navigator)).toThrow('navigator.storage is disabled in the sandbox');
    expect(() => (scopePrototype.importScripts as () => unknown)()).toThrow('importScripts is disabled in the sandbox');
  });

  it('cannot be undone by user code', () => {
    const { scope } = fakeWorkerScope();
    disableGlobals(scope);
    expect(() => {
      'use strict';
      scope.fetch = () => 'restored';
    }).toThrow(TypeError);
    expect(() => Object.defineProperty(scope, 'fetch', { value: () => 'restored' })).toThrow(TypeError);
  });
});

describe('findBlockedSyntax', () => {
  it('refuses any use of the import keyword, however it is spaced or commented', () => {
    expect(findBlockedSyntax("await import('https://x')")).toContain('import is disabled in the sandbox (line 1)');
    expect(findBlockedSyntax("const a = 1;\nimport /* hidden */ ('x')")).toContain('line 2');
    expect(findBlockedSyntax('x.\nimport\n(1)')).toBeDefined();
  });

  it('lets ordinary code through', () => {
    expect(findBlockedSyntax('const important = 1; return important + imports_total')).toBeUndefined();
  });
});
