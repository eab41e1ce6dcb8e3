import { isResponseFormatLevel, type ResponseFormatLevel } from './response-format.ts';

/**
 * What one endpoint (provider + base URL + model) is known to accept, learned from its rejections,
 * so a rejected option or protocol is given up once and not re-tried on every call or after a reload.
 */
export interface EndpointFacts {
  /** `false` once the endpoint rejected `stream_options`: it is left out from then on. */
  stream_options?: boolean;
  /** `false` once the model rejected `max_tokens` (it gets `max_completion_tokens`). */
  max_tokens?: boolean;
  /** `false` once the model rejected `temperature`. */
  temperature?: boolean;
  /** The wire protocol for `auto`: `react` once the endpoint rejected tool definitions. */
  protocol?: 'tools' | 'react';
  /** The `response_format` level the endpoint accepted for JSON replies (the JSON plan protocol). */
  response_format?: ResponseFormatLevel;
  /** For an embedding model's key: `ok` once it embedded, or the lasting reason it cannot (see embeddings.ts). */
  embeddings?: EmbeddingsFact;
}

/** What a probe of `/embeddings` learned about an endpoint and embedding model. */
export type EmbeddingsFact = 'ok' | 'no-endpoint' | 'not-enabled' | 'chat-only' | 'unknown-model';

const EMBEDDINGS_FACTS: ReadonlySet<unknown> = new Set([
  'ok',
  'no-endpoint',
  'not-enabled',
  'chat-only',
  'unknown-model',
]);

/** A typed key/value memory per endpoint key (see {@link endpointKey}). */
export interface EndpointMemory {
  get<K extends keyof EndpointFacts>(endpoint: string, fact: K): EndpointFacts[K] | undefined;
  set<K extends keyof EndpointFacts>(endpoint: string, fact: K, value: EndpointFacts[K]): void;
}

/** Where an endpoint memory keeps its text between page loads (the app uses localStorage). */
export interface EndpointMemoryStorage {
  read(): string | null;
  write(text: string): void;
}

/** The memory key of an endpoint: provider, base URL and model id. */
export function endpointKey(endpoint: { provider: string; baseUrl: string; model: string }): string {
  return `${endpoint.provider} ${endpoint.baseUrl} ${endpoint.model}`;
}

/** Endpoints remembered at most; the least recently learned are forgotten first. */
const MAX_ENDPOINTS = 200;

const OPTION_FACTS = ['stream_options', 'max_tokens', 'temperature'] as const;

// Plain checks rather than zod: this module loads at start-up, before the lazily loaded runtime.
function readFacts(value: unknown): EndpointFacts | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const facts: EndpointFacts = {};
  for (const option of OPTION_FACTS) {
    const fact = record[option];
    if (fact === undefined) continue;
    if (typeof fact !== 'boolean') return undefined;
    facts[option] = fact;
  }
  if (record.protocol !== undefined) {
    if (record.protocol !== 'tools' && record.protocol !== 'react') return undefined;
    facts.protocol = record.protocol;
  }
  if (record.response_format !== undefined) {
    if (!isResponseFormatLevel(record.response_format)) return undefined;
    facts.response_format = record.response_format;
  }
  if (record.embeddings !== undefined) {
    if (!EMBEDDINGS_FACTS.has(record.embeddings)) return undefined;
    facts.embeddings = record.embeddings as EmbeddingsFact;
  }
  return facts;
}

function parseStored(text: string | null): Map<string, EndpointFacts> {
  const facts = new Map<string, EndpointFacts>();
  if (!text) return facts;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    // A damaged memory is forgotten: at worst each endpoint rejects an option once more.
    return facts;
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return facts;
  for (const [key, value] of Object.entries(stored)) {
    const read = readFacts(value);
    if (read) facts.set(key, read);
  }
  return facts;
}

/** Creates an endpoint memory, persisted through `storage` when given (else it lasts as long as the page). */
export function createEndpointMemory(storage?: EndpointMemoryStorage): EndpointMemory {
  const read = (): Map<string, EndpointFacts> => {
    try {
      return parseStored(storage?.read() ?? null);
    } catch {
      return new Map();
    }
  };
  let facts = read();
  return {
    get: (endpoint, fact) => facts.get(endpoint)?.[fact],
    set: (endpoint, fact, value) => {
      // Re-read first so facts another tab learned meanwhile are kept.
      if (storage) facts = new Map([...facts, ...read()]);
      const current = facts.get(endpoint) ?? {};
      facts.delete(endpoint);
      facts.set(endpoint, { ...current, [fact]: value });
      while (facts.size > MAX_ENDPOINTS) facts.delete(facts.keys().next().value as string);
      try {
        storage?.write(JSON.stringify(Object.fromEntries(facts)));
      } catch {
        // Storage full or blocked: the fact still holds for this page.
      }
    },
  };
}

/** The memory models and runs share when none is injected. */
export const defaultEndpointMemory: EndpointMemory = createEndpointMemory();

/** The agent's view of the memory: the protocol fact, keyed by endpoint key. */
export interface ProtocolMemory {
  get(endpoint: string): 'tools' | 'react' | undefined;
  set(endpoint: string, protocol: 'tools' | 'react'): void;
}

/** The protocol fact of an endpoint memory, as the agent loop reads and writes it. */
export function protocolMemoryOf(memory: EndpointMemory = defaultEndpointMemory): ProtocolMemory {
  return {
    get: (endpoint) => memory.get(endpoint, 'protocol'),
    set: (endpoint, protocol) => memory.set(endpoint, 'protocol', protocol),
  };
}
