import { describe, expect, it } from 'vitest';
import { ModelError } from '../model/model-error.ts';
import type { ModelResponse } from '../model/model.ts';
import { deferred } from '../testing/scripted-model.ts';
import { agentEnglish } from './notice-text.ts';
import { ATTRIBUTE } from './span-attributes.ts';
import { createHarness } from './test-harness.ts';
import { PARTIAL_AFTER_ERROR_NOTICE } from './loop-step.ts';

describe('model calls', () => {
  it('shows each scheduled retry as a retry span under the llm span, and a notice', async () => {
    const harness = createHarness({
      turns: [
        {
          chunks: [
            {
              event: {
                type: 'retry-scheduled',
                attempt: 1,
                delayMs: 500,
                error: { kind: 'server', status: 503, message: 'Service Unavailable' },
              },
            },
            {
              event: {
                type: 'retry-scheduled',
                attempt: 2,
                delayMs: 1000,
                error: { kind: 'network', message: 'fetch failed' },
              },
            },
            { text: 'Finally.' },
          ],
        },
      ],
    });

    const result = await harness.run();

    expect(result.outcome).toBe('done');
    expect(harness.tracer.describe()).toBe(
      [
        'run: What is the weather in Paris? [ok]',
        '  llm: scripted-model [ok]',
        '    retry: attempt 1 after server 503 [error]',
        '    retry: attempt 2 after network [ok]',
      ].join('\n'),
    );
    // The attempt after the first wait failed with the error that scheduled the second retry.
    expect(harness.tracer.find('retry')[0]?.error).toEqual({ type: 'network', message: 'fetch failed' });
    const [first] = harness.tracer.find('retry');
    expect(first?.attributes).toEqual({
      [ATTRIBUTE.retryAttempt]: 1,
      [ATTRIBUTE.retryDelayMs]: 500,
      [ATTRIBUTE.retryReason]: 'server 503: Service Unavailable',
    });
    expect(harness.eventsOf('notice').map((event) => agentEnglish(event.text))).toEqual([
      'The model call failed (server 503); retrying in 500 ms (attempt 1).',
      'The model call failed (network); retrying in 1 s (attempt 2).',
    ]);
  });

  it('marks the retry span of a failed last attempt as an error, and one cut short by Stop as cancelled', async () => {
    const failing = createHarness({
      turns: [
        {
          kind: 'error',
          chunks: [
            {
              event: {
                type: 'retry-scheduled',
                attempt: 1,
                delayMs: 500,
                error: { kind: 'server', status: 502, message: 'Bad Gateway' },
              },
            },
          ],
          error: new ModelError('server', 'Bad Gateway again', { status: 502 }),
        },
      ],
    });
    await failing.run();
    expect(failing.tracer.only('retry')).toMatchObject({
      status: 'error',
      error: { type: 'server', message: 'Bad Gateway again' },
    });

    const controller = new AbortController();
    const waiting = deferred();
    const stopped = createHarness({
      signal: controller.signal,
      turns: [
        {
          kind: 'hang',
          chunks: [
            {
              event: {
                type: 'retry-scheduled',
                attempt: 1,
                delayMs: 30_000,
                error: { kind: 'rate-limit', status: 429, message: 'slow down' },
              },
            },
            {
              wait: () => {
                waiting.resolve();
                return new Promise(() => undefined);
              },
            },
          ],
        },
      ],
    });
    const running = stopped.run();
    await waiting.promise;
    controller.abort();
    await expect(running).resolves.toMatchObject({ outcome: 'stopped' });
    expect(stopped.tracer.describe()).toBe(
      [
        'run: What is the weather in Paris? [cancelled]',
        '  llm: scripted-model [cancelled]',
        '    retry: attempt 1 after rate-limit 429 [cancelled]',
      ].join('\n'),
    );
  });

  it('ends the run with an error that says how long to wait when the rate-limit wait is too long to sleep through', async () => {
    const harness = createHarness({
      turns: [
        {
          kind: 'error',
          error: new ModelError('rate-limit', 'Please try again in 50.597142857s', {
            status: 429,
            retryAfterMs: 50_598,
          }),
        },
      ],
    });

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'error', reason: 'model-error' });
    expect(result.message).toContain('Wait about 51 s');
    expect(harness.events.at(-1)).toMatchObject({
      type: 'run-end',
      outcome: 'error',
      reason: 'model-error',
      error: { kind: 'rate-limit', status: 429, retryAfterMs: 50_598, message: 'Please try again in 50.597142857s' },
    });
    expect(harness.tracer.only('llm')).toMatchObject({ status: 'error', error: { type: 'rate-limit' } });
    expect(harness.tracer.only('run')).toMatchObject({ status: 'error', error: { type: 'rate-limit' } });
  });

  it('keeps text streamed before a model error as a partial entry', async () => {
    const harness = createHarness({
      turns: [
        {
          kind: 'error',
          chunks: [{ text: 'Half an ans' }],
          error: new ModelError('stream', 'Token limit reached', { code: 400 }),
        },
      ],
    });

    const result = await harness.run();

    // An error, not a Stop: the note under the kept text must not say "Stopped".
    expect(result.entries).toMatchObject([
      {
        message: { role: 'assistant', content: 'Half an ans' },
        meta: {
          partial: true,
          noticeText: [PARTIAL_AFTER_ERROR_NOTICE.text],
        },
      },
    ]);
    expect(result.message).toBe(
      'The endpoint reported an error in the middle of its answer. The endpoint said: Token limit reached',
    );
  });

  it('passes the available models of a 404 on to the run-end error', async () => {
    const error = new ModelError('not-found', 'The model `gpt-9` does not exist', { status: 404 });
    error.availableModels = ['gpt-4o', 'gpt-4o-mini'];
    const harness = createHarness({ turns: [{ kind: 'error', error }] });

    const result = await harness.run();

    expect(result.message).toContain('Models it offers: gpt-4o, gpt-4o-mini.');
    expect(harness.eventsOf('run-end')[0]?.error?.availableModels).toEqual(['gpt-4o', 'gpt-4o-mini']);
  });

  it('reports an option the endpoint refused as a notice and on the llm span', async () => {
    const harness = createHarness({
      turns: [
        {
          chunks: [
            {
              event: { type: 'option-dropped', option: 'temperature', reason: 'this model only supports the default' },
            },
            { text: 'ok' },
          ],
        },
      ],
    });

    await harness.run();

    expect(harness.eventsOf('notice')).toEqual([
      {
        type: 'notice',
        code: 'option-dropped',
        text: {
          key: 'option-dropped',
          values: { option: 'temperature', reason: 'this model only supports the default' },
        },
      },
    ]);
    expect(harness.tracer.only('llm').attributes['llm.options_dropped']).toEqual(['temperature']);
  });

  it('stops even when a model ignores the abort signal', async () => {
    const controller = new AbortController();
    const called = deferred();
    const harness = createHarness({
      signal: controller.signal,
      turns: [
        () => {
          called.resolve();
          return new Promise<ModelResponse>(() => undefined);
        },
      ],
    });

    const running = harness.run();
    await called.promise;
    controller.abort();

    await expect(running).resolves.toMatchObject({ outcome: 'stopped', reason: 'aborted' });
  });

  it('reports a non-ModelError failure of the model as a model error with its message', async () => {
    const harness = createHarness({ turns: [{ kind: 'error', error: new TypeError('Failed to fetch') }] });

    const result = await harness.run();

    expect(result).toMatchObject({
      outcome: 'error',
      reason: 'model-error',
      message: 'The model call failed: Failed to fetch',
    });
    expect(harness.eventsOf('run-end')[0]?.error).toBeUndefined();
  });
});
