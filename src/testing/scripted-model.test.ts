import { describe, expect, it } from 'vitest';
import { ModelError } from '../model/model-error.ts';
import type { ModelStreamEvent } from '../model/model.ts';
import { createScriptedModel, deferred } from './scripted-model.ts';

describe('createScriptedModel', () => {
  it('streams chunks, assembles the response and records the request', async () => {
    const model = createScriptedModel([
      {
        chunks: [
          { reasoning: 'hm' },
          { text: 'Hi ' },
          { toolCall: { index: 0, id: 'c1', name: 'get_weather', arguments: '{"ci' } },
          { toolCall: { index: 0, arguments: 'ty":"Paris"}' } },
        ],
      },
    ]);
    const events: ModelStreamEvent[] = [];
    const request = { messages: [{ role: 'user' as const, content: 'hi' }] };
    const response = await model.generate(request, {
      signal: new AbortController().signal,
      onEvent: (event) => events.push(event),
    });
    request.messages[0]!.content = 'changed';

    expect(response).toMatchObject({
      text: 'Hi ',
      reasoning: 'hm',
      finishReason: 'tool_calls',
      toolCalls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
    });
    expect(events.map((event) => event.type)).toEqual([
      'reasoning-delta',
      'text-delta',
      'tool-call-delta',
      'tool-call-delta',
    ]);
    expect(model.requests[0]?.messages).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('throws scripted errors, hangs until aborted, and fails clearly when the script runs out', async () => {
    const model = createScriptedModel([
      { kind: 'error', error: new ModelError('server', 'boom', { status: 500 }) },
      { kind: 'hang' },
    ]);
    const signal = new AbortController().signal;
    await expect(model.generate({ messages: [] }, { signal })).rejects.toMatchObject({ kind: 'server' });

    const controller = new AbortController();
    const hanging = model.generate({ messages: [] }, { signal: controller.signal });
    controller.abort();
    await expect(hanging).rejects.toMatchObject({ kind: 'aborted' });

    await expect(model.generate({ messages: [] }, { signal })).rejects.toThrow('no scripted turn left for request #3');
  });

  it('pauses at a wait chunk until released', async () => {
    const gate = deferred();
    const model = createScriptedModel([{ chunks: [{ text: 'a' }, { wait: gate.promise }, { text: 'b' }] }]);
    const texts: string[] = [];
    const pending = model.generate(
      { messages: [] },
      {
        signal: new AbortController().signal,
        onEvent: (event) => event.type === 'text-delta' && texts.push(event.delta),
      },
    );
    await Promise.resolve();
    expect(texts).toEqual(['a']);
    gate.resolve();
    await expect(pending).resolves.toMatchObject({ text: 'ab' });
  });
});
