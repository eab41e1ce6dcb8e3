import { describe, expect, it } from 'vitest';
import { createEndpointMemory } from './endpoint-memory.ts';
import { jsonResponse } from './wire-test-helpers.ts';
import { weatherTool, hello, setup, textStream } from './openai-compatible-test-helpers.ts';

describe('requests', () => {
  it('sends a minimal streaming request with only CORS-safe headers', async () => {
    const { requests, generate } = setup([textStream('Hello')], { temperature: 0.3 });
    const response = await generate();
    expect(response.text).toBe('Hello');
    const [request] = requests;
    expect(request?.url).toBe('http://localhost:8080/v1/chat/completions');
    expect(request?.method).toBe('POST');
    expect(Object.keys(request?.headers ?? {}).sort()).toEqual(['accept', 'authorization', 'content-type']);
    expect(request?.headers['authorization']).toBe('Bearer sk-test');
    expect(request?.body).toEqual({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Hi' }],
      temperature: 0.3,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('sends tools with tool_choice "auto" only when tools are offered', async () => {
    const { requests, generate } = setup([textStream('a'), textStream('b')]);
    await generate({ ...hello, tools: [weatherTool] });
    await generate({ ...hello, tools: [] });
    expect(requests[0]?.body).toMatchObject({ tools: [weatherTool], tool_choice: 'auto' });
    expect(requests[1]?.body).not.toHaveProperty('tools');
    expect(requests[1]?.body).not.toHaveProperty('tool_choice');
  });

  it('sends no Authorization header when no API key is set', async () => {
    const { requests, generate } = setup([textStream('a')], { apiKey: '' });
    await generate();
    expect(requests[0]?.headers).not.toHaveProperty('authorization');
  });

  it('echoes tool-call history with content null and non-empty arguments', async () => {
    const { requests, generate } = setup([textStream('done')]);
    await generate({
      messages: [
        { role: 'user', content: 'Time?' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'now', arguments: '' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: '12:00' },
        { role: 'assistant', content: null },
      ],
    });
    expect(requests[0]?.body?.['messages']).toEqual([
      { role: 'user', content: 'Time?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'now', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: '12:00' },
      { role: 'assistant', content: '' },
    ]);
  });

  it('drops stream_options once an endpoint rejects it, and remembers that per endpoint', async () => {
    const memory = createEndpointMemory();
    const rejection = jsonResponse(
      { error: { message: 'Unrecognized request argument supplied: stream_options', type: 'invalid_request_error' } },
      400,
    );
    const first = setup([rejection, textStream('ok')], { endpointMemory: memory });
    const response = await first.generate();
    expect(response.text).toBe('ok');
    expect(first.requests).toHaveLength(2);
    expect(first.requests[0]?.body).toHaveProperty('stream_options');
    expect(first.requests[1]?.body).not.toHaveProperty('stream_options');
    expect(first.events[0]).toMatchObject({ type: 'option-dropped', option: 'stream_options' });
    expect(first.sleeps).toEqual([]);
    expect(memory.get('test http://localhost:8080/v1 test-model', 'stream_options')).toBe(false);

    const second = setup([textStream('again')], { endpointMemory: memory });
    await second.generate();
    expect(second.requests).toHaveLength(1);
    expect(second.requests[0]?.body).not.toHaveProperty('stream_options');
  });

  it('switches max_tokens to max_completion_tokens when a model rejects it', async () => {
    const rejection = jsonResponse(
      {
        error: {
          message:
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          type: 'invalid_request_error',
          param: 'max_tokens',
          code: 'unsupported_parameter',
        },
      },
      400,
    );
    const { requests, events, generate } = setup([rejection, textStream('ok')]);
    await generate({ ...hello, maxOutputTokens: 100 });
    expect(requests[0]?.body).toMatchObject({ max_tokens: 100 });
    expect(requests[1]?.body).toMatchObject({ max_completion_tokens: 100 });
    expect(requests[1]?.body).not.toHaveProperty('max_tokens');
    expect(events[0]).toMatchObject({ type: 'option-dropped', option: 'max_tokens' });
  });

  it('makes a non-streaming request when stream is false and normalises the JSON answer', async () => {
    const body = {
      id: 'chatcmpl-1',
      model: 'llama-3.3',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            tool_calls: [{ id: 'ax9', type: 'function', function: { name: 'weather', arguments: '{}' } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 218, completion_tokens: 15, total_tokens: 233 },
    };
    const { requests, events, generate } = setup([jsonResponse(body, 200, { 'retry-after': '5' })], { stream: false });
    const response = await generate({ ...hello, tools: [weatherTool] });
    expect(requests[0]?.body).not.toHaveProperty('stream');
    expect(requests[0]?.body).not.toHaveProperty('stream_options');
    expect(response).toMatchObject({
      text: '',
      finishReason: 'tool_calls',
      responseId: 'chatcmpl-1',
      usage: { inputTokens: 218, outputTokens: 15 },
    });
    expect(response.toolCalls).toEqual([
      { id: 'ax9', type: 'function', function: { name: 'weather', arguments: '{}' } },
    ]);
    expect(response.timeToFirstTokenMs).toBeUndefined();
    expect(events).toContainEqual({
      type: 'tool-call-delta',
      index: 0,
      id: 'ax9',
      name: 'weather',
      argumentsDelta: '{}',
    });
  });

  it('reports its parameters without the API key', () => {
    const { model } = setup([], { temperature: 0.7 });
    expect(model).toMatchObject({ provider: 'test', modelId: 'test-model' });
    expect(model.parameters).toEqual({
      baseUrl: 'http://localhost:8080/v1',
      stream: true,
      timeoutMs: 5000,
      maxRetries: 3,
      temperature: 0.7,
    });
  });
});
describe('non-streaming normalisation', () => {
  it('synthesizes an id for Gemini’s empty tool-call id', async () => {
    const body = {
      choices: [
        {
          finish_reason: 'tool_calls',
          index: 0,
          message: {
            role: 'assistant',
            extra_content: { google: { thought: true } },
            tool_calls: [{ function: { arguments: '{}', name: 'get_current_time' }, id: '', type: 'function' }],
          },
        },
      ],
      created: 1,
      id: '3SE-aKjd',
      model: 'gemini-2.5-pro',
      object: 'chat.completion',
      usage: { completion_tokens: 12, prompt_tokens: 35, total_tokens: 109 },
    };
    const { generate } = setup([jsonResponse(body)], { stream: false, random: () => 0.25 });
    const response = await generate();
    expect(response.toolCalls).toHaveLength(1);
    expect(response.toolCalls[0]?.id).toMatch(/^call_[0-9a-z]{8}0$/);
    expect(response.toolCalls[0]?.function).toEqual({ name: 'get_current_time', arguments: '{}' });
  });

  it('reads Groq reasoning and Ollama empty content', async () => {
    const groq = setup(
      [
        jsonResponse({
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'Three.', reasoning: 'Count the Rs.' },
              finish_reason: 'stop',
            },
          ],
        }),
      ],
      { stream: false },
    );
    expect(await groq.generate()).toMatchObject({ text: 'Three.', reasoning: 'Count the Rs.', finishReason: 'stop' });
    const ollama = setup(
      [
        jsonResponse({
          choices: [
            {
              finish_reason: 'tool_calls',
              index: 0,
              message: {
                content: '',
                reasoning: 'Call it.',
                role: 'assistant',
                tool_calls: [
                  {
                    function: { arguments: '{"city":"Paris"}', name: 'final_result' },
                    id: 'call_o2',
                    index: 0,
                    type: 'function',
                  },
                ],
              },
            },
          ],
        }),
      ],
      { stream: false },
    );
    expect(await ollama.generate()).toMatchObject({ text: '', reasoning: 'Call it.', toolCalls: [{ id: 'call_o2' }] });
  });
});
