import type { ModelError } from './model-error.ts';
import type { JsonReplyFormat, JsonSchema, ResponseFormatLevel } from './model.ts';

export type { JsonReplyFormat, ResponseFormatLevel } from './model.ts';

export const RESPONSE_FORMAT_LEVELS: readonly ResponseFormatLevel[] = [
  'json_schema_strict',
  'json_schema',
  'json_object',
  'prompt',
];

/** The `response_format` body field at a level (none at `prompt`). */
export type WireResponseFormat =
  { type: 'json_schema'; json_schema: { name: string; schema: JsonSchema; strict: boolean } } | { type: 'json_object' };

export function isResponseFormatLevel(value: unknown): value is ResponseFormatLevel {
  return typeof value === 'string' && (RESPONSE_FORMAT_LEVELS as readonly string[]).includes(value);
}

/** The body field for a level. */
export function wireResponseFormat(
  format: JsonReplyFormat,
  level: ResponseFormatLevel,
): WireResponseFormat | undefined {
  switch (level) {
    case 'json_schema_strict':
      return { type: 'json_schema', json_schema: { name: format.name, schema: format.schema, strict: true } };
    case 'json_schema':
      return { type: 'json_schema', json_schema: { name: format.name, schema: format.schema, strict: false } };
    case 'json_object':
      return { type: 'json_object' };
    case 'prompt':
      return undefined;
  }
}

const MENTIONS_FORMAT =
  /response[_ ]?format|json[_ ]?schema|json[_ ]?object|structured[_ ]output|guided[_ ]decoding|grammar/i;
const MENTIONS_STRICT = /\bstrict\b|additionalProperties|required is required|invalid schema/i;
/** LM Studio: `'response_format.type' must be 'json_schema' or 'text'`; others name json_schema as what they want. */
const WANTS_JSON_SCHEMA =
  /must be ['"`]?json_schema|only ['"`]?json_schema|json_object[^.]*not supported|json_object[^.]*unsupported|use ['"`]?json_schema/i;
/** DeepSeek: `This response_format type is unavailable now`; others: json_schema not supported / only json_object. */
const WANTS_JSON_OBJECT =
  /json_schema[^.]*(?:not supported|unsupported|unavailable|not available|not allowed)|(?:not|n't) support[^.]*json_schema|only ['"`]?json_object|type is unavailable|must be ['"`]?json_object/i;

/**
 * The level to try after the endpoint refused `level` with `error`, read from its error body, or undefined when the
 * error is not about `response_format` (or every remaining level was tried). A refusal that names what it accepts
 * is followed (LM Studio refuses `json_object` but takes `json_schema`); otherwise the next weaker level.
 */
export function nextResponseFormatLevel(
  error: ModelError,
  level: ResponseFormatLevel,
  tried: ReadonlySet<ResponseFormatLevel>,
): ResponseFormatLevel | undefined {
  if (level === 'prompt') return undefined;
  if (error.status !== 400 && error.status !== 422 && error.status !== 500 && error.status !== 501) return undefined;
  const text = `${error.message} ${error.code ?? ''}`;
  if (!MENTIONS_FORMAT.test(text) && !/\bstrict\b/i.test(text)) return undefined;
  const untried = (candidate: ResponseFormatLevel): ResponseFormatLevel | undefined =>
    tried.has(candidate) ? undefined : candidate;
  let preferred: ResponseFormatLevel | undefined;
  if (level === 'json_schema_strict' && MENTIONS_STRICT.test(text) && !WANTS_JSON_OBJECT.test(text))
    preferred = 'json_schema';
  else if (WANTS_JSON_SCHEMA.test(text) && level === 'json_object')
    preferred = untried('json_schema_strict') ?? untried('json_schema');
  else if (WANTS_JSON_OBJECT.test(text) && level !== 'json_object') preferred = 'json_object';
  const start = RESPONSE_FORMAT_LEVELS.indexOf(level) + 1;
  const candidates = [...(preferred ? [preferred] : []), ...RESPONSE_FORMAT_LEVELS.slice(start)];
  return candidates.find((candidate) => candidate !== level && !tried.has(candidate));
}

/** Where the ladder starts for an endpoint with nothing remembered: DeepSeek takes only `json_object`. */
export function initialResponseFormatLevel(provider: string, baseUrl: string): ResponseFormatLevel {
  if (provider === 'deepseek' || /api\.deepseek\.com/i.test(baseUrl)) return 'json_object';
  return 'json_schema_strict';
}
