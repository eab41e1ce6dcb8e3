import { describe, expect, it } from 'vitest';
import { createEndpointMemory } from './endpoint-memory.ts';
import type { ModelStreamEvent } from './model.ts';
import { createOpenAICompatibleModel } from './openai-compatible-model.ts';
import { createStreamAssembler } from './stream-assembler.ts';
import { chunk, createRecordingFetch, sseResponse } from './wire-test-helpers.ts';

const COUNT = 10_000;

/** Each call in three fragments keyed by id alone (no `index`): name, then its arguments in two halves. */
function fragmentsById(count: number): Record<string, unknown>[] {
  const chunks: Record<string, unknown>[] = [];
  for (let n = 0; n < count; n += 1) {
    const id = `call_${n}`;
    chunks.push(chunk({ tool_calls: [{ id, type: 'function', function: { name: 'get_weather', arguments: '' } }] }));
    chunks.push(chunk({ tool_calls: [{ id, function: { arguments: '{"city":' } }] }));
    chunks.push(chunk({ tool_calls: [{ id, function: { arguments: `"City ${n}"}` } }] }));
  }
  return chunks;
}

describe('a streamed reply with 10,000 tool calls', () => {
  it('assembles every call from id-keyed fragments and reports deltas only below the event limit', () => {
    const assembler = createStreamAssembler({ toolCallEventLimit: 20 });
    const events: ModelStreamEvent[] = [];
    for (const item of fragmentsById(COUNT)) events.push(...assembler.push(item));
    const { response } = assembler.finish();

    expect(response.toolCalls).toHaveLength(COUNT);
    expect(response.toolCalls[COUNT - 1]).toEqual({
      id: `call_${COUNT - 1}`,
      type: 'function',
      function: { name: 'get_weather', arguments: `{"city":"City ${COUNT - 1}"}` },
    });
    const deltas = events.filter((event) => event.type === 'tool-call-delta');
    expect(new Set(deltas.map((event) => event.index))).toEqual(new Set(Array.from({ length: 20 }, (_, n) => n)));
    expect(deltas).toHaveLength(20 * 3);
  });

  it('passes the caller’s tool call limit from generate() to the stream', async () => {
    const pieces = [...fragmentsById(50), chunk({}, { finish: 'tool_calls' })];
    const { fetch } = createRecordingFetch([sseResponse(pieces, { sliceSize: 4096 })]);
    const model = createOpenAICompatibleModel({
      provider: 'test',
      baseUrl: 'http://localhost:8080/v1',
      apiKey: '',
      model: 'test-model',
      stream: true,
      timeoutMs: 5000,
      fetch,
      endpointMemory: createEndpointMemory(),
    });
    const events: ModelStreamEvent[] = [];
    const response = await model.generate(
      { messages: [{ role: 'user', content: 'Weather everywhere?' }] },
      { signal: new AbortController().signal, onEvent: (event) => events.push(event), toolCallLimit: 2 },
    );

    expect(response.toolCalls).toHaveLength(50);
    const indexes = events.flatMap((event) => (event.type === 'tool-call-delta' ? [event.index] : []));
    expect([...new Set(indexes)]).toEqual([0, 1]);
  });
});
