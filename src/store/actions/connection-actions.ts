import { DEMO_PROVIDER, type Settings } from '../../config/settings.ts';
import { createDemoFetch } from '../../demo/demo-fetch.ts';
import { describeModelError } from '../../model/describe-error.ts';
import { listModels, testConnection } from '../../model/list-models.ts';
import { ModelError } from '../../model/model-error.ts';
import { services } from '../services.ts';
import { resolveEndpoint } from './create-model.ts';

type ConnectionResult = { ok: true; models: string[] } | { ok: false; message: string };

function fetchFor(settings: Settings): typeof fetch {
  return settings.provider === DEMO_PROVIDER ? createDemoFetch({ chunkDelayMs: 0 }) : services().fetch;
}

function explain(error: unknown, settings: Settings): string {
  const endpoint = resolveEndpoint(settings);
  const modelError = error instanceof ModelError ? error : new ModelError('network', error instanceof Error ? error.message : String(error));
  const described = describeModelError(modelError, endpoint);
  return `${described.title} ${described.advice}`.trim();
}

/** Lists the endpoint's models (GET /models) for the Model combobox. */
export async function fetchModelList(settings: Settings): Promise<ConnectionResult> {
  const endpoint = resolveEndpoint(settings);
  if (!endpoint.baseUrl) return { ok: false, message: 'Enter the base URL first, e.g. http://localhost:11434/v1.' };
  try {
    const models = await listModels({ baseUrl: endpoint.baseUrl, apiKey: endpoint.apiKey, fetch: fetchFor(settings) });
    return { ok: true, models };
  } catch (error) {
    return { ok: false, message: explain(error, settings) };
  }
}

/** Checks that the endpoint answers with these settings, and says exactly what is wrong if not. */
export async function checkConnection(settings: Settings): Promise<ConnectionResult> {
  const endpoint = resolveEndpoint(settings);
  if (!endpoint.baseUrl) return { ok: false, message: 'Enter the base URL first, e.g. http://localhost:11434/v1.' };
  const result = await testConnection({ baseUrl: endpoint.baseUrl, apiKey: endpoint.apiKey, fetch: fetchFor(settings) });
  if (!result.ok) return { ok: false, message: explain(result.error, settings) };
  if (endpoint.model && result.models.length > 0 && !result.models.includes(endpoint.model)) {
    return {
      ok: false,
      message: `The endpoint answers, but it does not list the model "${endpoint.model}". Available: ${result.models.slice(0, 12).join(', ')}${result.models.length > 12 ? ', …' : ''}.`,
    };
  }
  return { ok: true, models: result.models };
}
