import { describe, expect, it } from 'vitest';
import {
  beginTurn,
  emptyQueue,
  endTurn,
  enqueue,
  finishEditing,
  removeQueued,
  restoreQueue,
  resumeQueue,
  runEnded,
  startEditing,
  takeNext,
  type SessionQueue,
} from './message-queue.ts';

const one = { id: 'q1', text: 'first' };
const two = { id: 'q2', text: 'second' };
const three = { id: 'q3', text: 'third' };

function queued(...items: Array<typeof one>): SessionQueue {
  return items.reduce(enqueue, emptyQueue);
}

describe('the message queue of a session', () => {
  it('sends at once when the session is free, and queues while a turn is starting, running or finishing', () => {
    const first = takeNext(queued(one));
    expect(first.message).toEqual(one);
    expect(first.queue).toEqual({ busy: true, paused: false, items: [] });
    const during = takeNext(enqueue(first.queue, two));
    expect(during.message).toBeUndefined();
    expect(during.queue.items).toEqual([two]);
  });

  it('sends the next message after a run that finished, in the order they were typed', () => {
    let queue = takeNext(queued(one, two, three)).queue;
    const sent: string[] = [];
    for (;;) {
      queue = endTurn(queue, { status: 'done' });
      const next = takeNext(queue);
      queue = next.queue;
      if (!next.message) break;
      sent.push(next.message.text);
    }
    expect(sent).toEqual(['second', 'third']);
    expect(queue).toEqual({ busy: false, paused: false, items: [] });
  });

  it.each(['stopped', 'error', 'interrupted'] as const)(
    'pauses after a run that ended %s: nothing is fired until the user goes on',
    (status) => {
      const paused = endTurn(takeNext(queued(one, two)).queue, { status });
      expect(paused).toEqual({ busy: false, paused: true, items: [two] });
      expect(takeNext(paused).message).toBeUndefined();
      expect(takeNext(resumeQueue(paused)).message).toEqual(two);
      // Sending a new message goes on too, after the ones already waiting.
      const next = takeNext(enqueue(paused, three));
      expect(next.message).toEqual(two);
      expect(next.queue.items).toEqual([three]);
    },
  );

  it('decides the pause when the run ends: what was queued before Stop waits, a message sent after it goes', () => {
    // Stop while a message waits: paused at the run's end, still paused when the last write is saved.
    const waiting = runEnded(takeNext(queued(one, two)).queue, 'stopped');
    expect(endTurn(waiting, { status: 'stopped' })).toEqual({ busy: false, paused: true, items: [two] });
    // Stop with nothing queued, then a message typed while the stopped run is still being saved: it is sent next.
    const typedAfter = enqueue(runEnded(takeNext(queued(one)).queue, 'stopped'), three);
    const free = endTurn(typedAfter, { status: 'stopped' });
    expect(free).toEqual({ busy: false, paused: false, items: [three] });
    expect(takeNext(free).message).toEqual(three);
    // A run that ended done never pauses.
    expect(endTurn(runEnded(takeNext(queued(one, two)).queue, 'done'), { status: 'done' }).paused).toBe(false);
  });

  it('a turn the user starts (Retry, Resume) takes the session and lifts a pause; none starts while busy', () => {
    const paused = endTurn(takeNext(queued(one, two)).queue, { status: 'error' });
    const retrying = beginTurn(paused);
    expect(retrying).toEqual({ busy: true, paused: false, items: [two] });
    expect(beginTurn(retrying as SessionQueue)).toBeUndefined();
    expect(takeNext(endTurn(retrying as SessionQueue, { status: 'done' })).message).toEqual(two);
  });

  it('puts a message whose turn could not start back at the front, paused, so nothing is lost', () => {
    const taken = takeNext(queued(one, two));
    const back = endTurn(taken.queue, { status: 'not-started', unsent: one });
    expect(back).toEqual({ busy: false, paused: true, items: [one, two] });
    expect(endTurn(beginTurn(emptyQueue) as SessionQueue, { status: 'not-started' })).toEqual({
      busy: false,
      paused: false,
      items: [],
    });
  });

  it('edits a queued message in place and holds the queue while the edit is open', () => {
    let queue = startEditing(takeNext(queued(one, two, three)).queue, 'q2');
    queue = endTurn(queue, { status: 'done' });
    expect(takeNext(queue).message).toBeUndefined();
    queue = finishEditing(queue, 'q2', '  second, edited ');
    expect(queue.editing).toBeUndefined();
    expect(takeNext(queue).message).toEqual({ id: 'q2', text: 'second, edited' });
  });

  it('keeps the old text when an edit is cancelled or left blank', () => {
    const editing = startEditing(queued(one), 'q1');
    expect(finishEditing(editing, 'q1', undefined)).toEqual(queued(one));
    expect(finishEditing(editing, 'q1', '   ')).toEqual(queued(one));
    expect(startEditing(queued(one), 'missing')).toEqual(queued(one));
  });

  it('removes a queued message, also one being edited, so it is never sent', () => {
    const queue = removeQueued(startEditing(queued(one, two), 'q1'), 'q1');
    expect(queue).toEqual({ busy: false, paused: false, items: [two] });
    expect(takeNext(queue).message).toEqual(two);
  });
});

describe('a queue after a reload', () => {
  it('puts the messages back: going on after a finished run or behind a run in another tab, paused after a failed one', () => {
    expect(restoreQueue(emptyQueue, [one, two], 'done')).toEqual({ busy: false, paused: false, items: [one, two] });
    expect(restoreQueue(emptyQueue, [one], 'running')).toMatchObject({ paused: false, items: [one] });
    expect(restoreQueue(emptyQueue, [one], 'interrupted')).toMatchObject({ paused: true, items: [one] });
    // The tab's own queue wins over what it had stored.
    const live = queued(three);
    expect(restoreQueue(live, [one], 'done')).toBe(live);
  });

  it('a message refused because another tab runs the session waits for that run instead of pausing', () => {
    const busy = takeNext(queued(one)).queue;
    expect(endTurn(busy, { status: 'not-started', unsent: one, waiting: true })).toEqual({
      busy: false,
      paused: false,
      items: [one],
    });
    expect(endTurn(busy, { status: 'not-started', unsent: one })).toMatchObject({ paused: true });
  });
});
