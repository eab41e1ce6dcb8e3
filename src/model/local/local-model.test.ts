import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatCompletionChunk } from '@wllama/wllama';
import { CHATML_TEMPLATE, HERMES_TOOL_TEMPLATE } from '../../testing/gguf-writer.ts';
import { ModelError } from '../model-error.ts';
import type { ModelStreamEvent } from '../model.ts';
import { GgufError } from './gguf-header.ts';
import { createLocalModel, localModelError } from './local-model.ts';
import { LocalModelDiedError } from './model-died.ts';

// wllama itself needs a browser: the runtime module is replaced by a scripted one.
const runtime = vi.hoisted(() => ({
  template: '' as string | undefined,
  chunks: [] as unknown[],
  params: [] as unknown[],
  hang: false,
}));
vi.mock('./wllama-runtime.ts', () => ({
  loadedModel: async () => ({
    file: 'tiny.gguf',
    info: { architecture: 'llama', quantisation: 'Q8_0', chatTemplate: runtime.template },
    threads: 2,
    contextSize: 4096,
  }),
  streamChat: async (_loaded: unknown, params: unknown, _signal: AbortSignal, onChunk: (c: unknown) => void) => {
    runtime.params.push(params);
    for (const chunk of runtime.chunks) onChunk(chunk);
    if (runtime.hang) await new Promise(() => undefined);
  },
}));

const chunk = (delta: object, extra: Partial<ChatCompletionChunk> = {}, finish: string | null = null) => ({
  choices: [{ index: 0, delta, finish_reason: finish }],
  ...extra,
});
const TIMINGS = {
  cache_n: 10, prompt_n: 40, prompt_ms: 100, prompt_per_token_ms: 2.5, prompt_per_second: 400,
  predicted_n: 3, predicted_ms: 30, predicted_per_token_ms: 10, predicted_per_second: 100,
}; // prettier-ignore

beforeEach(() => {
  runtime.template = CHATML_TEMPLATE;
  runtime.chunks = [];
  runtime.params = [];
  runtime.hang = false;
});

describe('LocalModel', () => {
  it('streams text deltas and reports the file, threads, context and speed', async () => {
    runtime.chunks = [chunk({ content: 'Hel' }), chunk({ content: 'lo' }), chunk({}, { timings: TIMINGS }, 'stop')];
    const events: ModelStreamEvent[] = [];
    const model = createLocalModel({ file: 'tiny.gguf', contextWindow: 8192, threads: 2, temperature: 0 });
    const response = await model.generate(
      { messages: [{ role: 'user', content: 'hi' }] },
      { signal: new AbortController().signal, onEvent: (event) => events.push(event) },
    );
    expect(events).toEqual([
      { type: 'text-delta', delta: 'Hel' },
      { type: 'text-delta', delta: 'lo' },
    ]);
    expect(response).toMatchObject({
      text: 'Hello',
      finishReason: 'stop',
      usage: { inputTokens: 50, outputTokens: 3 },
      local: {
        file: 'tiny.gguf',
        quantisation: 'Q8_0',
        threads: 2,
        contextSize: 4096,
        promptTokensPerSecond: 400,
        generationTokensPerSecond: 100,
      },
    });
    expect(runtime.params[0]).toMatchObject({ temperature: 0 });
    expect(runtime.params[0]).not.toHaveProperty('max_tokens');
    expect(model.provider).toBe('local');
  });

  it('sends a grammar when the request has one', async () => {
    const model = createLocalModel({ file: 'tiny.gguf', contextWindow: 4096, threads: 1 });
    await model.generate(
      { messages: [{ role: 'user', content: 'hi' }], grammar: 'root ::= "{}"' },
      { signal: new AbortController().signal },
    );
    expect(runtime.params[0]).toMatchObject({ grammar: 'root ::= "{}"' });
  });

  it('refuses tools when the chat template has none, so an automatic run switches to text ReAct', async () => {
    const model = createLocalModel({ file: 'tiny.gguf', contextWindow: 4096, threads: 1 });
    const tools = [{ type: 'function' as const, function: { name: 'calc', description: '', parameters: {} } }];
    const request = { messages: [{ role: 'user' as const, content: 'hi' }], tools };
    await expect(model.generate(request, { signal: new AbortController().signal })).rejects.toMatchObject({
      kind: 'tools-unsupported',
    });
    expect(runtime.params).toEqual([]);

    runtime.template = HERMES_TOOL_TEMPLATE;
    runtime.chunks = [
      chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'calc', arguments: '{"x":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '1}' } }] }, {}, 'tool_calls'),
    ];
    const response = await model.generate(request, { signal: new AbortController().signal });
    expect(response.toolCalls).toEqual([
      { id: 'c1', type: 'function', function: { name: 'calc', arguments: '{"x":1}' } },
    ]);
    expect(runtime.params[0]).toMatchObject({ tools, tool_choice: 'auto' });
  });

  it('Stop ends the call at once, even while the runtime is still generating', async () => {
    runtime.chunks = [chunk({ content: 'a' })];
    runtime.hang = true;
    const controller = new AbortController();
    const model = createLocalModel({ file: 'tiny.gguf', contextWindow: 4096, threads: 1 });
    const pending = model.generate(
      { messages: [{ role: 'user', content: 'hi' }] },
      { signal: controller.signal, onEvent: () => controller.abort() },
    );
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('turns failures into clear local-model errors', () => {
    const signal = new AbortController().signal;
    expect(localModelError(new GgufError('not-gguf', 'This file is not a GGUF model.'), signal)).toMatchObject({
      kind: 'local-model',
      message: 'This file is not a GGUF model.',
    });
    expect(localModelError(new RangeError('Array buffer allocation failed'), signal).message).toMatch(/more memory/);
    expect(localModelError(new DOMException('gone', 'NotFoundError'), signal).message).toMatch(/not stored/);
    // A dead worker says so (not "more memory", though its reason may mention OOM), and that the next run loads again.
    expect(localModelError(new LocalModelDiedError('(ABORT) Aborted(OOM)'), signal)).toMatchObject({
      kind: 'local-model',
      message: 'The model stopped working: (ABORT) Aborted(OOM). It loads again on the next run.',
    });
    const kept = new ModelError('tools-unsupported', 'x');
    expect(localModelError(kept, signal)).toBe(kept);
  });
});
