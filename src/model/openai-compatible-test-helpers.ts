import { createEndpointMemory } from './endpoint-memory.ts';
import { ModelError } from './model-error.ts';
import type { ModelRequest, ModelResponse, ModelStreamEvent, ToolSpec } from './model.ts';
import { createOpenAICompatibleModel, type OpenAICompatibleConfig } from './openai-compatible-model.ts';
import { chunk, createRecordingFetch, sseResponse, type Reply } from './wire-test-helpers.ts';

export const weatherTool: ToolSpec = {
  type: 'function',
  function: {
    name: 'weather',
    description: 'Weather for a place',
    parameters: { type: 'object', properties: { location: { type: 'string' } } },
  },
};
export const hello: ModelRequest = { messages: [{ role: 'user', content: 'Hi' }] };

export function setup(replies: Reply[], overrides: Partial<OpenAICompatibleConfig> = {}) {
  const { fetch, requests } = createRecordingFetch(replies);
  const sleeps: number[] = [];
  const model = createOpenAICompatibleModel({
    provider: 'test',
    baseUrl: 'http://localhost:8080/v1/',
    apiKey: 'sk-test',
    model: 'test-model',
    stream: true,
    timeoutMs: 5000,
    fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    endpointMemory: createEndpointMemory(),
    ...overrides,
  });
  const events: ModelStreamEvent[] = [];
  const generate = (request: ModelRequest = hello, signal = new AbortController().signal): Promise<ModelResponse> =>
    model.generate(request, { signal, onEvent: (event) => events.push(event) });
  return { model, requests, events, sleeps, generate };
}

export async function failure(promise: Promise<unknown>): Promise<ModelError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ModelError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

export const textStream = (text: string) =>
  sseResponse([chunk({ role: 'assistant', content: '' }), chunk({ content: text }), chunk({}, { finish: 'stop' })]);
