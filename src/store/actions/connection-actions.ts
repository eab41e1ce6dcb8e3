import { DEMO_PROVIDER, type Settings } from '../../config/settings.ts';
import { createDemoFetch } from '../../demo/demo-fetch.ts';
import { describeModelErrorIn } from '../../i18n/model-errors.ts';
import { listModels, testConnection } from '../../model/list-models.ts';
import { ModelError } from '../../model/model-error.ts';
import { services } from '../services.ts';
import { createModel, resolveEndpoint } from './create-model.ts';
import { currentLanguage } from './current-language.ts';
import { storeText } from './store-text.ts';

/**
 * What a connection check found: the listed models (and the model that answered a test message), or
 * what is wrong — `message` in one line, and for endpoint failures also as `title` and `advice`.
 */
export type ConnectionResult =
  | { ok: true; models: string[]; answeredModel?: string }
  | { ok: false; message: string; title?: string; advice?: string };

const PROBE_TIMEOUT_MS = 30_000;

function fetchFor(settings: Settings): typeof fetch {
  return settings.provider === DEMO_PROVIDER ? createDemoFetch({ chunkDelayMs: 0 }) : services().fetch;
}

function explain(error: unknown, settings: Settings): Extract<ConnectionResult, { ok: false }> {
  const endpoint = resolveEndpoint(settings);
  const modelError =
    error instanceof ModelError
      ? error
      : new ModelError('network', error instanceof Error ? error.message : String(error));
  const { title, advice } = describeModelErrorIn(currentLanguage(), modelError, endpoint);
  return { ok: false, message: `${title}${/[.!?]$/.test(title) ? '' : '.'} ${advice}`.trim(), title, advice };
}

/** Lists the endpoint's models (GET /models) for the Model combobox. */
export async function fetchModelList(settings: Settings): Promise<ConnectionResult> {
  const endpoint = resolveEndpoint(settings);
  if (!endpoint.baseUrl) return { ok: false, message: storeText('baseUrlMissing') };
  try {
    const models = await listModels({ baseUrl: endpoint.baseUrl, apiKey: endpoint.apiKey, fetch: fetchFor(settings) });
    return { ok: true, models };
  } catch (error) {
    return explain(error, settings);
  }
}

/**
 * Sends the smallest possible chat request. Listing models proves little on its own: some endpoints
 * (OpenRouter, LM Studio) list models without checking the key, and a browser may allow the GET but
 * refuse the JSON POST's CORS preflight.
 */
async function probeChat(settings: Settings): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const model = createModel({ ...settings, temperature: null }, fetchFor(settings));
  try {
    await model.generate(
      { messages: [{ role: 'user', content: 'Reply with the word OK.' }], maxOutputTokens: 16 },
      { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) },
    );
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Checks that the endpoint answers with these settings, and says exactly what is wrong if not. */
export async function checkConnection(settings: Settings): Promise<ConnectionResult> {
  const endpoint = resolveEndpoint(settings);
  if (!endpoint.baseUrl) return { ok: false, message: storeText('baseUrlMissing') };
  const result = await testConnection({
    baseUrl: endpoint.baseUrl,
    apiKey: endpoint.apiKey,
    fetch: fetchFor(settings),
  });
  if (!result.ok) return explain(result.error, settings);
  if (endpoint.model && result.models.length > 0 && !result.models.includes(endpoint.model)) {
    return {
      ok: false,
      message: storeText('modelNotListed', {
        model: endpoint.model,
        models: `${result.models.slice(0, 12).join(', ')}${result.models.length > 12 ? ', …' : ''}`,
      }),
    };
  }
  if (!endpoint.model) return { ok: true, models: result.models };
  const probe = await probeChat(settings);
  if (!probe.ok) return explain(probe.error, settings);
  return { ok: true, models: result.models, answeredModel: endpoint.model };
}
