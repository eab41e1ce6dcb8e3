import type { ServerResponse } from 'node:http';

/**
 * Writes events to a response at a fixed interval (several per timer tick at high rates), honouring
 * back-pressure, and stops as soon as the client disconnects. Resolves when everything was written or the client left.
 */
export function writePaced(
  response: ServerResponse,
  events: string[],
  intervalMs: number,
  options: { end: boolean },
): Promise<'done' | 'disconnected'> {
  return new Promise((resolve) => {
    let index = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let finished = false;
    const started = performance.now();
    const finish = (result: 'done' | 'disconnected'): void => {
      if (finished) return;
      finished = true;
      if (timer !== undefined) clearTimeout(timer);
      response.off('close', onClose);
      resolve(result);
    };
    const onClose = (): void => finish('disconnected');
    response.on('close', onClose);

    const step = (): void => {
      timer = undefined;
      if (finished) return;
      if (response.destroyed) {
        finish('disconnected');
        return;
      }
      const due =
        intervalMs <= 0
          ? events.length
          : Math.min(events.length, Math.floor((performance.now() - started) / intervalMs) + 1);
      let writable = true;
      while (index < due && writable) {
        writable = response.write(events[index] ?? '');
        index += 1;
      }
      if (index >= events.length) {
        if (options.end) response.end();
        finish('done');
        return;
      }
      if (!writable) {
        response.once('drain', step);
        return;
      }
      const wait = Math.max(0, started + index * intervalMs - performance.now());
      timer = setTimeout(step, wait);
    };
    step();
  });
}
