import { DEMO_PROVIDER, type Settings } from '../../config/settings.ts';
import { createDemoFetch, DEMO_BASE_URL, DEMO_MODEL_ID } from '../../demo/demo-fetch.ts';
import { createLocalModel } from '../../model/local/local-model.ts';
import { LOCAL_PROVIDER } from '../../model/local/local-provider.ts';
import type { Model } from '../../model/model.ts';
import { createOpenAICompatibleModel } from '../../model/openai-compatible-model.ts';
import { services } from '../services.ts';

/** Where and what a model call goes to, resolved from settings. */
export interface Endpoint {
  provider: string;
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** The endpoint settings point at; the demo provider resolves to the in-page scripted model. */
export function resolveEndpoint(settings: Settings): Endpoint {
  if (settings.provider === DEMO_PROVIDER) {
    return { provider: DEMO_PROVIDER, baseUrl: DEMO_BASE_URL, apiKey: 'demo', model: DEMO_MODEL_ID };
  }
  return {
    provider: settings.provider,
    baseUrl: settings.baseUrl.trim().replace(/\/+$/, ''),
    apiKey: settings.apiKey,
    model: settings.model.trim(),
  };
}

let demoFetch: typeof fetch | undefined;

/** Builds the model for the next run from the current settings. */
export function createModel(settings: Settings, fetchImplementation: typeof fetch): Model {
  if (settings.provider === LOCAL_PROVIDER) {
    return createLocalModel({
      file: settings.model.trim(),
      temperature: settings.temperature,
      contextWindow: settings.contextWindow,
    });
  }
  const endpoint = resolveEndpoint(settings);
  const isDemo = endpoint.provider === DEMO_PROVIDER;
  if (isDemo) demoFetch ??= createDemoFetch();
  return createOpenAICompatibleModel({
    provider: endpoint.provider,
    baseUrl: endpoint.baseUrl,
    apiKey: endpoint.apiKey,
    model: endpoint.model,
    stream: isDemo ? true : settings.stream,
    temperature: settings.temperature,
    timeoutMs: settings.requestTimeoutSeconds * 1000,
    fetch: isDemo ? (demoFetch as typeof fetch) : fetchImplementation,
    endpointMemory: services().endpointMemory,
  });
}
