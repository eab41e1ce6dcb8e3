// The only script of the sandbox page (public/sandbox.html and its network twin), a classic script because the
// page's opaque origin cannot load module scripts from the app's origin. It plays one of two parts, chosen by the
// origin it finds itself in:
//
// The frame the app embeds (same-origin with the app, so that its navigation is a request the service worker
// answers, online or off; a sandboxed frame's navigation never reaches the worker, w3c/ServiceWorker#1727). Here
// it runs nothing of the user's: it adds one child frame with sandbox="allow-scripts" (no allow-same-origin) whose
// document is a srcdoc that loads this same script. A srcdoc needs no navigation request, and it inherits this
// page's policy container, so the child runs under exactly the policy of the page's <meta> tag (not the app's),
// in an opaque origin. The parent window's first connect message, and its port, are passed on to the child.
//
// The sandbox (the child frame, or the page itself if something embeds it with sandbox="allow-scripts"): it relays
// between the app and one sandbox worker:
// - the app sends { type: 'glassbox-sandbox-connect' } with a MessagePort; only the parent window's first such
//   message counts, and everything after goes over that private port;
// - over the port, { type: 'start', workerSource } starts the worker from that script text (so the
//   worker gets this page's opaque origin and policy; a data: URL rather than a blob, because a blob worker of an
//   opaque origin is not a secure context and would lack crypto.subtle and crypto.randomUUID); other messages are passed to the worker, and the worker's
//   messages are passed back; { type: 'stop' } ends the worker. The app also removes the whole frame when done.
'use strict';
(() => {
  let port;
  let worker;

  const report = (message) => port.postMessage({ type: 'sandbox-error', message });

  function start(workerSource) {
    const url = `data:text/javascript;charset=utf-8,${encodeURIComponent(workerSource)}`;
    try {
      worker = new Worker(url, { name: 'glassbox-sandbox' });
    } catch (error) {
      report(`the worker could not start: ${error && error.message ? error.message : String(error)}`);
      return;
    }
    worker.addEventListener('message', (event) => port.postMessage(event.data));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      report(event.message || 'the worker script could not run');
    });
    worker.addEventListener('messageerror', () => port.postMessage({ type: 'sandbox-messageerror' }));
  }

  function onPortMessage(event) {
    const data = event.data;
    if (typeof data !== 'object' || data === null) return;
    if (data.type === 'start') {
      if (!worker && typeof data.workerSource === 'string') start(data.workerSource);
    } else if (data.type === 'stop') {
      if (worker) worker.terminate();
      port.close();
    } else if (worker) {
      worker.postMessage(data);
    }
  }

  /** Calls `onConnect` with the port of the parent window's first connect message, and ignores every other message. */
  function acceptConnect(onConnect) {
    let connected = false;
    window.addEventListener('message', (event) => {
      if (connected || event.source !== window.parent || event.source === window) return;
      if (typeof event.data !== 'object' || event.data === null || event.data.type !== 'glassbox-sandbox-connect')
        return;
      const [received] = event.ports;
      if (!received) return;
      connected = true;
      onConnect(received);
    });
  }

  /** The frame the app embeds: hosts the opaque child frame that is the sandbox, and hands it the app's port. */
  function hostSandboxFrame() {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('aria-hidden', 'true');
    frame.title = 'JavaScript sandbox';
    frame.referrerPolicy = 'no-referrer';
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    // Resolved against this page's URL (a srcdoc document has its parent's base URL).
    frame.srcdoc =
      '<!doctype html><meta charset="utf-8"><title>Glassbox sandbox</title><script src="sandbox-host.js"></script>';
    document.addEventListener('DOMContentLoaded', () => document.body.append(frame), { once: true });
    acceptConnect((received) => {
      void loaded.then(() => frame.contentWindow.postMessage({ type: 'glassbox-sandbox-connect' }, '*', [received]));
    });
  }

  if (self.origin !== 'null') {
    hostSandboxFrame();
    return;
  }
  acceptConnect((received) => {
    port = received;
    port.addEventListener('message', onPortMessage);
    port.start();
    port.postMessage({ type: 'ready' });
  });
})();
