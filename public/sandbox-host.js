// The only script of the sandbox page (public/sandbox.html), a classic script because the page's opaque origin
// cannot load module scripts from the app's origin. It relays between the app and one sandbox worker:
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

  window.addEventListener('message', (event) => {
    if (port || event.source !== window.parent || event.source === window) return;
    if (typeof event.data !== 'object' || event.data === null || event.data.type !== 'glassbox-sandbox-connect') return;
    const [received] = event.ports;
    if (!received) return;
    port = received;
    port.addEventListener('message', onPortMessage);
    port.start();
    port.postMessage({ type: 'ready' });
  });
})();
