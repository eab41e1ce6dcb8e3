import { createEndpointMemory } from '../model/endpoint-memory.ts';
import { createOpenAICompatibleModel } from '../model/openai-compatible-model.ts';
import { createDemoFetch, DEMO_BASE_URL, DEMO_MODEL_ID } from './demo-fetch.ts';

/** For tests: the demo model behind the real OpenAI-compatible client, streaming with no delay, with its own endpoint memory. */
export function demoTestModel() {
  return createOpenAICompatibleModel({
    provider: 'demo',
    baseUrl: DEMO_BASE_URL,
    apiKey: 'demo',
    model: DEMO_MODEL_ID,
    stream: true,
    timeoutMs: 5000,
    fetch: createDemoFetch({ chunkDelayMs: 0 }),
    endpointMemory: createEndpointMemory(),
  });
}
