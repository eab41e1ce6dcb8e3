// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../../config/settings.ts';
import { sequentialIds } from '../../db/test-fixtures.ts';
import { deferred, type Deferred } from '../../testing/scripted-model.ts';
import { useAppStore } from '../app-store.ts';
import { createMemoryPersistence } from '../memory-persistence.ts';
import type { Persistence } from '../persistence.ts';
import { setServices, type Services } from '../services.ts';
import {
  editQueuedMessage,
  finishQueuedEdit,
  regenerate,
  removeQueuedMessage,
  resumeQueuedMessages,
  sendMessage,
  stopRun,
} from './chat-actions.ts';
import { enqueue } from '../message-queue.ts';
import { storedQueuedMessages } from '../queue-storage.ts';
import { RUNNING_ELSEWHERE } from './run-session.ts';
import { deleteSession, newSession, switchSession } from './session-actions.ts';

const initialState = useAppStore.getState();

/**
 * An endpoint that answers "Answer to <last user message>" once the test releases that request; requests are
 * recorded by the question they carry.
 */
function gatedEndpoint() {
  const gates: Deferred[] = [];
  const questions: string[] = [];
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as { messages: Array<{ role: string; content: string }> };
    const question = body.messages.findLast((message) => message.role === 'user')?.content ?? '';
    questions.push(question);
    const gate = deferred();
    gates.push(gate);
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        init?.signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
        await gate.promise;
        controller.enqueue(
          new TextEncoder().encode(
            chunk({ role: 'assistant', content: `Answer to ${question}` }, null) +
              chunk({}, 'stop') +
              'data: [DONE]\n\n',
          ),
        );
        controller.close();
      },
    });
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return { fetch, questions, release: (index: number) => gates[index]?.resolve() };
}

function install(fetch: typeof globalThis.fetch, overrides: Partial<Services> = {}): Persistence {
  let time = 1_000_000;
  const now = () => (time += 10);
  const persistence = createMemoryPersistence({ newId: sequentialIds(), now });
  setServices({ persistence, fetch, now, newId: sequentialIds(), ...overrides });
  useAppStore.getState().setSettings({
    ...defaultSettings,
    provider: 'custom',
    baseUrl: 'http://model.test/v1',
    apiKey: 'k',
    model: 'm',
    stream: true,
    memoryRecall: false,
  });
  return persistence;
}

function chatOf(sessionId: string): string[] {
  return (useAppStore.getState().entries[sessionId] ?? []).map(
    (entry) => `${entry.message.role}: ${entry.message.content ?? ''}`,
  );
}

function queuedTexts(sessionId: string): string[] {
  return (useAppStore.getState().queues[sessionId]?.items ?? []).map((item) => item.text);
}

beforeEach(() => {
  useAppStore.setState(initialState, true);
  localStorage.clear();
  sessionStorage.clear();
});

describe('sending while the session is busy', () => {
  it('queues messages sent during a run and sends each, in order, once the previous run is done', async () => {
    const endpoint = gatedEndpoint();
    install(endpoint.fetch);
    const sessionId = await newSession();

    const first = sendMessage('one');
    await vi.waitFor(() => expect(endpoint.questions).toEqual(['one']));
    void sendMessage('two');
    void sendMessage('three');
    await vi.waitFor(() => expect(queuedTexts(sessionId)).toEqual(['two', 'three']));
    expect(useAppStore.getState().runs[sessionId]?.status).toBe('running');

    endpoint.release(0);
    await first;
    await vi.waitFor(() => expect(endpoint.questions).toEqual(['one', 'two']));
    expect(queuedTexts(sessionId)).toEqual(['three']);
    endpoint.release(1);
    await vi.waitFor(() => expect(endpoint.questions).toEqual(['one', 'two', 'three']));
    endpoint.release(2);
    await vi.waitFor(() => expect(useAppStore.getState().queues[sessionId]).toMatchObject({ busy: false, items: [] }));
    expect(useAppStore.getState().runs[sessionId]?.status).toBe('done');
    expect(chatOf(sessionId)).toEqual([
      'user: one',
      'assistant: Answer to one',
      'user: two',
      'assistant: Answer to two',
      'user: three',
      'assistant: Answer to three',
    ]);
  });

  it('Stop pauses the queue; the queued message waits, can be edited, and goes when the user resumes', async () => {
    const endpoint = gatedEndpoint();
    install(endpoint.fetch);
    const sessionId = await newSession();
    const first = sendMessage('one');
    await vi.waitFor(() => expect(endpoint.questions).toEqual(['one']));
    await sendMessage('two');
    await sendMessage('three');

    stopRun();
    await first;
    expect(useAppStore.getState().runs[sessionId]?.status).toBe('stopped');
    expect(useAppStore.getState().queues[sessionId]).toMatchObject({ busy: false, paused: true });
    expect(queuedTexts(sessionId)).toEqual(['two', 'three']);

    removeQueuedMessage(useAppStore.getState().queues[sessionId]?.items[0]?.id ?? '');
    editQueuedMessage(useAppStore.getState().queues[sessionId]?.items[0]?.id ?? '');
    finishQueuedEdit(useAppStore.getState().queues[sessionId]?.items[0]?.id ?? '', 'three, edited');
    expect(queuedTexts(sessionId)).toEqual(['three, edited']);
    expect(endpoint.questions).toEqual(['one']);

    resumeQueuedMessages();
    await vi.waitFor(() => expect(endpoint.questions).toEqual(['one', 'three, edited']));
    endpoint.release(1);
    await vi.waitFor(() => expect(useAppStore.getState().runs[sessionId]?.status).toBe('done'));
    expect(chatOf(sessionId).filter((line) => line.startsWith('user:'))).toEqual(['user: one', 'user: three, edited']);
  });

  it('Stop pressed while the run shows running but is still getting its lock stops it: no request, the message kept', async () => {
    const endpoint = gatedEndpoint();
    const lockAsked = deferred();
    const lockGranted = deferred();
    install(endpoint.fetch, {
      withSessionLock: async (_id, work) => {
        lockAsked.resolve();
        await lockGranted.promise;
        await work();
        return true;
      },
    });
    const sessionId = await newSession();

    const sending = sendMessage('hello');
    await lockAsked.promise;
    expect(useAppStore.getState().runs[sessionId]?.status).toBe('running');
    stopRun();
    lockGranted.resolve();
    await sending;

    expect(useAppStore.getState().runs[sessionId]?.status).toBe('stopped');
    expect(endpoint.questions).toEqual([]);
    expect(chatOf(sessionId)).toEqual(['user: hello']);
    expect(useAppStore.getState().queues[sessionId]).toMatchObject({ busy: false, paused: true, items: [] });
  });

  it('keeps a message whose run another tab holds the lock for: back in the queue, paused, with the reason shown', async () => {
    const endpoint = gatedEndpoint();
    install(endpoint.fetch, { withSessionLock: async () => false });
    const sessionId = await newSession();

    await sendMessage('hello');

    expect(useAppStore.getState().appAlert).toEqual(RUNNING_ELSEWHERE);
    expect(chatOf(sessionId)).toEqual([]);
    expect(queuedTexts(sessionId)).toEqual(['hello']);
    expect(useAppStore.getState().queues[sessionId]).toMatchObject({ busy: false, paused: true });
    expect(useAppStore.getState().runs[sessionId]?.status).toBe('idle');
  });

  it('a message refused because another tab runs the session waits for that run: then the alert goes and it is sent', async () => {
    const endpoint = gatedEndpoint();
    const otherRunEnds = deferred();
    let otherTabRuns = true;
    install(endpoint.fetch, {
      withSessionLock: async (_id, work) => {
        if (otherTabRuns) return false;
        await work();
        return true;
      },
      isSessionLockedElsewhere: async () => otherTabRuns,
      waitForSessionUnlock: () => otherRunEnds.promise,
    });
    const sessionId = await newSession();

    await sendMessage('hello');
    expect(useAppStore.getState().appAlert).toEqual(RUNNING_ELSEWHERE);
    expect(queuedTexts(sessionId)).toEqual(['hello']);
    expect(useAppStore.getState().queues[sessionId]).toMatchObject({ busy: false, paused: false });

    otherTabRuns = false;
    otherRunEnds.resolve();
    await vi.waitFor(() => expect(endpoint.questions).toEqual(['hello']));
    expect(useAppStore.getState().appAlert).toBeUndefined();
    endpoint.release(0);
    await vi.waitFor(() => expect(useAppStore.getState().runs[sessionId]?.status).toBe('done'));
    expect(chatOf(sessionId)).toEqual(['user: hello', 'assistant: Answer to hello']);
    expect(queuedTexts(sessionId)).toEqual([]);
  });

  it('queued messages survive a reload of the tab and are sent once the session is shown again', async () => {
    const endpoint = gatedEndpoint();
    install(endpoint.fetch);
    const sessionId = await newSession();
    // A message waits behind a turn of this tab when the tab reloads.
    useAppStore
      .getState()
      .updateQueue(sessionId, (queue) => enqueue({ ...queue, busy: true }, { id: 'queued_1', text: 'two' }));

    // A reload: the store starts empty (storage stays); the session is loaded again.
    useAppStore.setState({ ...initialState, settings: useAppStore.getState().settings }, true);
    await switchSession(sessionId);
    await vi.waitFor(() => expect(endpoint.questions).toEqual(['two']));
    endpoint.release(0);
    await vi.waitFor(() => expect(chatOf(sessionId).at(-1)).toBe('assistant: Answer to two'));
    expect(queuedTexts(sessionId)).toEqual([]);
  });

  it("a deleted session's queued messages are not kept for a reload", async () => {
    install(gatedEndpoint().fetch);
    const sessionId = await newSession();
    useAppStore
      .getState()
      .updateQueue(sessionId, (queue) => enqueue({ ...queue, busy: true }, { id: 'queued_1', text: 'two' }));
    expect(storedQueuedMessages(sessionId)).toHaveLength(1);
    await deleteSession(sessionId);
    expect(storedQueuedMessages(sessionId)).toEqual([]);
  });

  it("shows the new run as running together with its question, never the last run's Done beside it", async () => {
    const endpoint = gatedEndpoint();
    install(endpoint.fetch);
    const sessionId = await newSession();
    const first = sendMessage('one');
    await vi.waitFor(() => expect(endpoint.questions).toEqual(['one']));
    endpoint.release(0);
    await first;
    expect(useAppStore.getState().runs[sessionId]?.status).toBe('done');
    const seen: string[] = [];
    const unsubscribe = useAppStore.subscribe((state) => {
      const entries = state.entries[sessionId] ?? [];
      if (entries.at(-1)?.message.content === 'two') seen.push(state.runs[sessionId]?.status ?? '');
    });
    const second = sendMessage('two');
    await vi.waitFor(() => expect(endpoint.questions).toEqual(['one', 'two']));
    unsubscribe();
    endpoint.release(1);
    await second;
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['running']));
  });

  it('right after Done, while the run is still being saved, a message and Regenerate wait for it instead of being dropped', async () => {
    const endpoint = gatedEndpoint();
    const persistence = install(endpoint.fetch);
    const sessionId = await newSession();
    const saved = deferred();
    const saveStep = persistence.saveStep.bind(persistence);
    persistence.saveStep = async (write) => {
      if (write.session.status === 'done') await saved.promise;
      return saveStep(write);
    };
    const first = sendMessage('one');
    await vi.waitFor(() => expect(endpoint.questions).toEqual(['one']));
    endpoint.release(0);
    await vi.waitFor(() => expect(useAppStore.getState().runs[sessionId]?.status).toBe('done'));
    expect(useAppStore.getState().queues[sessionId]?.busy).toBe(true);

    const regenerating = regenerate();
    void sendMessage('two');
    await vi.waitFor(() => expect(queuedTexts(sessionId)).toEqual(['two']));
    saved.resolve();
    await first;
    await vi.waitFor(() => expect(endpoint.questions).toEqual(['one', 'two']));
    endpoint.release(1);
    await vi.waitFor(() => expect(endpoint.questions).toEqual(['one', 'two', 'two']));
    endpoint.release(2);
    await regenerating;
    expect(useAppStore.getState().appAlert).toBeUndefined();
    expect(chatOf(sessionId)).toEqual([
      'user: one',
      'assistant: Answer to one',
      'user: two',
      'assistant: Answer to two',
    ]);
  });

  it('sends a message typed while New session is still being created to the new session', async () => {
    const endpoint = gatedEndpoint();
    const persistence = install(endpoint.fetch);
    const oldId = await newSession();
    const created = deferred();
    const createSession = persistence.createSession.bind(persistence);
    persistence.createSession = async () => {
      await created.promise;
      return createSession();
    };

    const opening = newSession();
    const sending = sendMessage('for the new one');
    created.resolve();
    const newId = await opening;
    await vi.waitFor(() => expect(endpoint.questions).toEqual(['for the new one']));
    endpoint.release(0);
    await sending;

    expect(newId).not.toBe(oldId);
    expect(useAppStore.getState().activeSessionId).toBe(newId);
    expect(chatOf(newId)).toEqual(['user: for the new one', 'assistant: Answer to for the new one']);
    expect(chatOf(oldId)).toEqual([]);
  });
});
