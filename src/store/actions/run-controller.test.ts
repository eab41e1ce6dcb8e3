// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../config/settings.ts';
import { sequentialIds, userEntry } from '../../db/test-fixtures.ts';
import { useAppStore } from '../app-store.ts';
import { readFlushJournal } from '../flush-journal.ts';
import { createMemoryPersistence } from '../memory-persistence.ts';
import { setServices } from '../services.ts';
import { abortRun, flushActiveRuns, runSession } from './run-session.ts';
import { RunController } from './run-controller.ts';

const initialState = useAppStore.getState();

/** An endpoint that streams `text` in one chunk, then keeps the stream open until the request is aborted. */
function streamThenHang(text: string): typeof fetch {
  return async (_input, init) => {
    const chunk = {
      id: 'c1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'm',
      choices: [{ index: 0, delta: { role: 'assistant', content: text }, finish_reason: null }],
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(chunk)}\n\n`));
        init?.signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
}

beforeEach(() => {
  useAppStore.setState(initialState, true);
  localStorage.clear();
});

describe('flushing the step in flight', () => {
  it('journals streamed text as a partial answer while the run goes on; the step then saves one answer and clears the journal', async () => {
    let time = 1_000_000;
    const now = () => (time += 10);
    const persistence = createMemoryPersistence({ newId: sequentialIds(), now });
    setServices({ persistence, fetch: streamThenHang('The tide turns twice a day'), now, newId: sequentialIds() });
    useAppStore.getState().setSettings({
      ...defaultSettings,
      provider: 'custom',
      baseUrl: 'http://model.test/v1',
      apiKey: 'k',
      model: 'm',
      stream: true,
      memoryRecall: false,
    });
    const { id } = await persistence.createSession();
    const question = userEntry(id, 'msg_question', 'How often do tides turn?');
    useAppStore.getState().appendEntry(id, question);

    const run = runSession(id, {
      history: [question.message],
      runInput: 'How often do tides turn?',
      userEntry: question,
    });
    await expect
      .poll(() => useAppStore.getState().runs[id]?.streaming?.text, { timeout: 10_000 })
      .toBe('The tide turns twice a day');

    // The tab is hidden: the spans so far reach storage, the partial text is journaled (synchronously) with the
    // user's message; storage never gets an answer the step's end would have to replace.
    flushActiveRuns();
    const journal = readFlushJournal(id);
    expect(journal?.entries.map((entry) => entry.id)[0]).toBe('msg_question');
    expect(journal?.entries[1]).toMatchObject({
      message: { role: 'assistant', content: 'The tide turns twice a day' },
      meta: { partial: true },
    });
    await expect
      .poll(async () => (await persistence.listSpans(id)).map((span) => [span.kind, span.status]), { timeout: 10_000 })
      .toEqual([
        ['run', 'running'],
        ['llm', 'running'],
      ]);
    expect((await persistence.listMessages(id)).map((entry) => entry.id)).toEqual(['msg_question']);
    // The flush's own save does not clear the journal: the partial answer is only there.
    expect(readFlushJournal(id)).toBeDefined();

    // The run ends (here by Stop): its last write saves the answer once and clears the journal.
    abortRun(id);
    await expect(run).resolves.toBe(true);
    const messages = await persistence.listMessages(id);
    expect(messages).toHaveLength(2);
    expect(messages[1]?.message.content).toBe('The tide turns twice a day');
    // Its id is one the agent made, not one set aside for a partial.
    expect(messages[1]?.id).not.toBe(journal?.entries[1]?.id);
    expect(await persistence.getSession(id)).toMatchObject({ status: 'stopped', messageCount: 2 });
    expect(readFlushJournal(id)).toBeUndefined();
  });
});

describe('the journal when the page goes away', () => {
  it("carries the entries of a step whose write has not completed (a delegate's finished tool step), not only the step in flight", async () => {
    let time = 1_000_000;
    const now = () => (time += 10);
    const persistence = createMemoryPersistence({ newId: sequentialIds(), now });
    const { id } = await persistence.createSession();
    // Writes after the run's start never complete: the page goes away while they are in flight.
    let writes = 0;
    const saveStep = persistence.saveStep.bind(persistence);
    persistence.saveStep = (input) => (++writes === 1 ? saveStep(input) : new Promise(() => undefined));
    setServices({ persistence, fetch: streamThenHang(''), now, newId: sequentialIds() });
    const question = userEntry(id, 'msg_question', 'Boiling point at 3,000 m?');
    const controller = new RunController(id, { history: [question.message], runInput: '', userEntry: question });
    await controller.handle({ type: 'run-start', runId: 'run_1', traceId: 'trace_1' });
    void controller.handle({ type: 'step-start', step: 1, spanId: 'span_1' });

    const delegated = [
      {
        id: 'msg_call',
        sessionId: id,
        runId: 'run_1',
        createdAt: now(),
        message: {
          role: 'assistant' as const,
          content: '',
          tool_calls: [{ id: 'c1', type: 'function' as const, function: { name: 'calculator', arguments: '{}' } }],
        },
      },
      {
        id: 'msg_result',
        sessionId: id,
        runId: 'run_1',
        createdAt: now(),
        message: { role: 'tool' as const, tool_call_id: 'c1', content: '90' },
      },
    ];
    void controller.handle({
      type: 'delegated',
      callId: 'call_1',
      agent: 'helper',
      event: { type: 'step-end', step: 1, entries: delegated },
    });
    controller.flush();
    expect(readFlushJournal(id)?.entries.map((entry) => entry.id)).toEqual(['msg_question', 'msg_call', 'msg_result']);
  });
});
