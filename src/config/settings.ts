// First, before zod is used: this module parses its defaults at load (see zod-jitless.ts).
import '../zod-jitless.ts';
// The first load parses the settings, so their schemas (and those of the roster, custom tools and MCP servers they
// hold) use zod's small functional build; the rest of the app uses the full one, in chunks loaded later.
import * as z from 'zod/mini';
import { rosterSettingsShape } from './agents.ts';
import { customToolSchema } from '../tools/custom/definition.ts';
import { mcpServerSchema } from '../tools/mcp/mcp-entry.ts';

/** Which wire protocol the agent speaks with the model. */
export const protocolSchema = z.enum(['auto', 'tools', 'react', 'json']);
export type Protocol = z.infer<typeof protocolSchema>;

/** A list whose unreadable entries are dropped one by one, so one bad entry does not lose the others. */
function tolerantArray<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z._default(z.array(z.unknown()), []),
    z.transform((entries: unknown[]) =>
      entries.flatMap((entry) => {
        const parsed = item.safeParse(entry);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    ),
  );
}

/** A number within [min, max] (an integer when `integer`), `fallback` when absent. */
function bounded(min: number, max: number, fallback: number, integer = false) {
  return z._default((integer ? z.int() : z.number()).check(z.minimum(min), z.maximum(max)), fallback);
}

const text = (fallback = '') => z._default(z.string(), fallback);
const flag = (fallback: boolean) => z._default(z.boolean(), fallback);
const price = z.nullable(z.number().check(z.minimum(0)));

/** User settings, persisted in IndexedDB. Every field has a default so old records parse. */
export const settingsSchema = z.object({
  provider: text('demo'),
  baseUrl: text(),
  apiKey: text(),
  /** Keep the API key only in memory for this tab. */
  storeApiKey: flag(true),
  model: text('glassbox-demo'),
  temperature: z._default(z.nullable(z.number().check(z.minimum(0), z.maximum(2))), null),
  maxSteps: bounded(1, 100, 8, true),
  maxToolCalls: bounded(1, 500, 24, true),
  deadlineSeconds: bounded(5, 3600, 300),
  requestTimeoutSeconds: bounded(5, 3600, 120),
  toolTimeoutSeconds: bounded(1, 600, 30),
  maxObservationChars: bounded(200, 100000, 4000, true),
  protocol: z._default(protocolSchema, 'auto'),
  stream: flag(true),
  contextWindow: bounded(512, 10_000_000, 32768, true),
  compactionShare: bounded(0.2, 0.95, 0.75),
  memoryRecall: flag(true),
  /** When the context is compacted, the summary is also kept as a long-term note (issue 16, consolidation). */
  consolidateCompactions: flag(false),
  /** Recall notes by meaning too (PRODUCT.md §11), through the endpoint's /embeddings. */
  semanticRecall: flag(false),
  /** The embedding model of semantic recall ('' = text-embedding-3-small); the demo provider embeds locally. */
  embeddingModel: text(),
  /** After a final answer, one model call checks it against the tool results (PRODUCT.md §9). */
  answerCheck: flag(false),
  systemPrompt: text(),
  enabledTools: z._default(z.record(z.string(), z.boolean()), {}),
  language: z._default(z.enum(['system', 'en', 'zh-CN']), 'system'),
  theme: z._default(z.enum(['system', 'light', 'dark']), 'system'),
  otlpEndpoint: text(),
  otlpHeaders: text(),
  /** The team of agents (PRODUCT.md §8): delegation on/off, limits, the roster. */
  ...rosterSettingsShape,
  /** Tools the user defined (kept in the settings record, so no new object store is needed). */
  customTools: tolerantArray(customToolSchema),
  /** MCP servers the user connected, with their last tool list and "always allow" choices. */
  mcpServers: tolerantArray(mcpServerSchema),
  /** Prices per model id (USD per 1M tokens) for Insights and the trace; a model not listed uses the defaults. */
  modelPrices: z._default(
    z.catch(z.record(z.string(), z.object({ input: price, output: price, cachedInput: z.optional(price) })), {}),
    {},
  ),
  /** A run with more steps than this is flagged as possibly stuck. */
  stuckSteps: z._default(z.catch(z.int().check(z.minimum(1), z.maximum(1000)), 10), 10),
});

export type Settings = z.infer<typeof settingsSchema>;

/** The settings a new install starts with: the offline demo model. */
export const defaultSettings: Settings = settingsSchema.parse({});

/** The provider id of the built-in scripted model. */
export const DEMO_PROVIDER = 'demo';
