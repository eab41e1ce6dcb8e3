import { beforeEach, describe, expect, it } from 'vitest';
import { span } from '../../db/test-fixtures.ts';
import { runFact } from '../../trace/insights/run-facts.ts';
import { toOtlpRequest } from '../../trace/otlp.ts';
import { useAppStore } from '../app-store.ts';
import { createMemoryPersistence } from '../memory-persistence.ts';
import { setServices } from '../services.ts';
import { feedbackOf, setAnswerFeedback } from './feedback-actions.ts';

const RUN = 'aaaaaaaaaaaaaaaa';
let persistence: ReturnType<typeof createMemoryPersistence>;
let sessionId: string;

beforeEach(async () => {
  let id = 0;
  let now = 1_000;
  const newId = (prefix: string) => `${prefix}_${++id}`;
  persistence = createMemoryPersistence({ newId, now: () => (now += 1) });
  setServices({ persistence, fetch: globalThis.fetch, now: () => (now += 1), newId });
  sessionId = (await persistence.createSession()).id;
  const root = span(sessionId, RUN, { attributes: { 'run.input': 'What is 2+2?' } });
  await persistence.saveStep({ sessionId, entries: [], spans: [root], session: {} });
  useAppStore.getState().setSpans(sessionId, [root]);
});

describe('feedback on an answer', () => {
  it('is stored on the run span, shown in the store, and cleared by choosing it again', async () => {
    const before = (await persistence.getSession(sessionId))?.updatedAt ?? 0;
    await setAnswerFeedback(sessionId, RUN, { rating: 'bad', note: '  wrong city ' });
    const [stored] = await persistence.listSpans(sessionId, { runId: RUN });
    expect(feedbackOf(stored)).toEqual({ rating: 'bad', note: 'wrong city' });
    expect(stored?.attributes['run.input']).toBe('What is 2+2?');
    expect(feedbackOf(useAppStore.getState().spans[sessionId]?.[0])).toEqual({ rating: 'bad', note: 'wrong city' });
    // The session's version moves, so Insights reads its facts again.
    expect((await persistence.getSession(sessionId))?.updatedAt).toBeGreaterThan(before);

    await setAnswerFeedback(sessionId, RUN, {});
    expect(feedbackOf((await persistence.listSpans(sessionId, { runId: RUN }))[0])).toEqual({});
  });

  it('is counted in the run facts and exported to OTLP as an evaluation result event', async () => {
    await setAnswerFeedback(sessionId, RUN, { rating: 'good', note: 'spot on' });
    const spans = await persistence.listSpans(sessionId);
    expect(runFact(spans)?.feedback).toBe('good');
    const otlp = toOtlpRequest(spans);
    const exported = otlp.resourceSpans[0]?.scopeSpans[0]?.spans[0];
    const event = exported?.events.find((entry) => entry.name === 'gen_ai.evaluation.result');
    expect(event?.attributes).toEqual(
      expect.arrayContaining([
        { key: 'gen_ai.evaluation.name', value: { stringValue: 'user_feedback' } },
        { key: 'gen_ai.evaluation.score.label', value: { stringValue: 'good' } },
        { key: 'gen_ai.evaluation.explanation', value: { stringValue: 'spot on' } },
      ]),
    );
    expect(exported?.attributes).toEqual(
      expect.arrayContaining([{ key: 'glassbox.feedback.rating', value: { stringValue: 'good' } }]),
    );
  });
});
