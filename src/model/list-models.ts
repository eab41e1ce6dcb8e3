import { createAttemptSignal, raceAbort } from './abort.ts';
import { classifyError } from './classify-error.ts';
import { ModelError } from './model-error.ts';
import { createOpenAIClient } from './openai-client.ts';

/** Where to list models. */
export interface ListModelsOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Gives up after this long. Default 15 s. */
  timeoutMs?: number;
}

const DEFAULT_LIST_TIMEOUT_MS = 15_000;

function modelIdOf(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (typeof entry !== 'object' || entry === null) return undefined;
  const record = entry as Record<string, unknown>;
  for (const key of ['id', 'name', 'model'] as const) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** Model ids from `{data:[{id}]}` (OpenAI), `{models:[{name}]}` (Ollama-style) or a bare array. */
function modelIdsFrom(body: unknown): string[] | undefined {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const list = Array.isArray(body) ? body : Array.isArray(record['data']) ? record['data'] : record['models'];
  if (!Array.isArray(list)) return undefined;
  const ids = new Set<string>();
  for (const entry of list) {
    const id = modelIdOf(entry);
    if (id !== undefined) ids.add(id);
  }
  return [...ids].sort((left, right) => left.localeCompare(right));
}

/** Lists the model ids an endpoint offers (`GET {baseUrl}/models` through the `openai` client), sorted. */
export async function listModels(options: ListModelsOptions): Promise<string[]> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LIST_TIMEOUT_MS;
  const parent = options.signal ?? new AbortController().signal;
  const attempt = createAttemptSignal(parent, timeoutMs);
  let errorBody: string | undefined;
  try {
    const client = createOpenAIClient({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      fetch: options.fetch,
      timeoutMs,
      onErrorBody: (text) => {
        errorBody = text;
      },
    });
    const response = await raceAbort(client.models.list({ signal: attempt.signal }).asResponse(), attempt.signal);
    const text = await raceAbort(response.text(), attempt.signal);
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = undefined;
    }
    const ids = modelIdsFrom(body);
    if (!ids) {
      throw new ModelError(
        'not-found',
        'The endpoint did not answer /models with a model list; check that the base URL is the API root (often ending in /v1).',
        { status: response.status },
      );
    }
    return ids;
  } catch (error) {
    throw classifyError(error, {
      aborted: parent.aborted,
      timedOut: attempt.timedOut,
      timeoutMs,
      ...(errorBody === undefined ? {} : { errorBody }),
    });
  } finally {
    attempt.dispose();
  }
}

/** Checks an endpoint by listing its models: the list on success, the classified error otherwise. */
export async function testConnection(
  options: ListModelsOptions,
): Promise<{ ok: true; models: string[] } | { ok: false; error: ModelError }> {
  try {
    return { ok: true, models: await listModels(options) };
  } catch (error) {
    return { ok: false, error: classifyError(error) };
  }
}
