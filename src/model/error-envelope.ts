import { isRecord, showJson } from '../json/deep-json.ts';

/** What an endpoint said about a failure, read from whichever error envelope it uses. */
export interface ErrorEnvelope {
  message?: string;
  code?: string | number | null;
  type?: string;
  param?: string;
  /** A status the body states itself (Groq `status_code`, OpenRouter numeric `code`). */
  statusCode?: number;
}

const MAX_MESSAGE_LENGTH = 1000;

/** FastAPI/pydantic validation details: `[{loc:["body","x"], msg:"…"}]` → `body.x: …`. */
function formatDetailList(detail: unknown[]): string {
  return detail
    .map((item) => {
      if (!isRecord(item)) return String(item);
      const location = Array.isArray(item['loc']) ? item['loc'].join('.') : '';
      const text =
        typeof item['msg'] === 'string'
          ? item['msg']
          : showJson(item, { indent: 0, maxDepth: MAX_MESSAGE_LEVELS }).text;
      return location ? `${location}: ${text}` : text;
    })
    .join('; ');
}

// How many envelopes inside one another are read for a message; an error body can be nested any depth.
const MAX_MESSAGE_LEVELS = 8;

function messageFrom(value: unknown, level = 0): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) return formatDetailList(value) || undefined;
  if (isRecord(value)) {
    if (level < MAX_MESSAGE_LEVELS) {
      for (const key of ['message', 'detail', 'msg', 'error_description'] as const) {
        const nested = messageFrom(value[key], level + 1);
        if (nested) return nested;
      }
    }
    return truncate(showJson(value, { indent: 0, maxDepth: MAX_MESSAGE_LEVELS }).text);
  }
  return undefined;
}

function truncate(text: string): string {
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text;
}

/** Plain words from a non-JSON error body (HTML error pages become their title or stripped text). */
function messageFromText(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  if (/^<(!doctype|html|head|body)/i.test(trimmed)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1]?.trim();
    const stripped = trimmed
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return truncate(title || stripped || 'HTML error page');
  }
  return truncate(trimmed);
}

/**
 * Reads an error body in any of the shapes endpoints use: `{error:{message,type,code,param}}` (OpenAI,
 * Groq, Azure, llama.cpp, Ollama), `{error:"text"}`, top-level `{message,code}` (vLLM), `{detail}`
 * (FastAPI), OpenRouter's `error.metadata.raw`, or plain text. `code` stays string | number | null.
 */
export function readErrorEnvelope(body: unknown): ErrorEnvelope {
  if (typeof body === 'string') {
    try {
      return readErrorEnvelope(JSON.parse(body) as unknown);
    } catch {
      const message = messageFromText(body);
      return message === undefined ? {} : { message };
    }
  }
  if (!isRecord(body)) return {};
  const inner = body['error'] ?? body;
  if (typeof inner === 'string') return { message: truncate(inner) };
  if (!isRecord(inner)) return {};

  const envelope: ErrorEnvelope = {};
  let message = messageFrom(inner['message']) ?? messageFrom(inner['detail']) ?? messageFrom(inner['msg']);
  const metadata = inner['metadata'];
  const raw = isRecord(metadata) ? messageFrom(metadata['raw']) : undefined;
  if (raw && !message?.includes(raw)) message = message ? `${message}: ${raw}` : raw;
  if (message) envelope.message = truncate(message);

  const code = 'code' in inner ? inner['code'] : body['code'];
  if (typeof code === 'string' || typeof code === 'number' || code === null) envelope.code = code;
  if (typeof inner['type'] === 'string') envelope.type = inner['type'];
  if (typeof inner['param'] === 'string') envelope.param = inner['param'];

  const statusCode = inner['status_code'] ?? inner['status'];
  if (typeof statusCode === 'number') envelope.statusCode = statusCode;
  else if (typeof code === 'number' && code >= 400 && code < 600) envelope.statusCode = code;
  else if (typeof code === 'string' && /^[45]\d\d$/.test(code)) envelope.statusCode = Number(code);
  return envelope;
}
