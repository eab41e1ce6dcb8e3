// First, before zod is used: this module parses its defaults at load (see zod-jitless.ts).
import '../zod-jitless.ts';
import { z } from 'zod';
import { rosterSettingsShape } from './agents.ts';
import { customToolSchema } from '../tools/custom/definition.ts';
import { mcpServerSchema } from '../tools/mcp/mcp-entry.ts';

/** Which wire protocol the agent speaks with the model. */
export const protocolSchema = z.enum(['auto', 'tools', 'react', 'json']);
export type Protocol = z.infer<typeof protocolSchema>;

/** A list whose unreadable entries are dropped one by one, so one bad entry does not lose the others. */
function tolerantArray<T extends z.ZodType>(item: T) {
  return z
    .array(z.unknown())
    .default([])
    .transform((entries) =>
      entries.flatMap((entry) => {
        const parsed = item.safeParse(entry);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );
}

/** User settings, persisted in IndexedDB. Every field has a default so old records parse. */
export const settingsSchema = z.object({
  provider: z.string().default('demo'),
  baseUrl: z.string().default(''),
  apiKey: z.string().default(''),
  /** Keep the API key only in memory for this tab. */
  storeApiKey: z.boolean().default(true),
  model: z.string().default('glassbox-demo'),
  temperature: z.number().min(0).max(2).nullable().default(null),
  maxSteps: z.number().int().min(1).max(100).default(8),
  maxToolCalls: z.number().int().min(1).max(500).default(24),
  deadlineSeconds: z.number().min(5).max(3600).default(300),
  requestTimeoutSeconds: z.number().min(5).max(3600).default(120),
  toolTimeoutSeconds: z.number().min(1).max(600).default(30),
  maxObservationChars: z.number().int().min(200).max(100000).default(4000),
  protocol: protocolSchema.default('auto'),
  stream: z.boolean().default(true),
  contextWindow: z.number().int().min(512).max(10_000_000).default(32768),
  compactionShare: z.number().min(0.2).max(0.95).default(0.75),
  memoryRecall: z.boolean().default(true),
  /** When the context is compacted, the summary is also kept as a long-term note (issue 16, consolidation). */
  consolidateCompactions: z.boolean().default(false),
  /** Recall notes by meaning too (PRODUCT.md §11), through the endpoint's /embeddings. */
  semanticRecall: z.boolean().default(false),
  /** The embedding model of semantic recall ('' = text-embedding-3-small); the demo provider embeds locally. */
  embeddingModel: z.string().default(''),
  /** After a final answer, one model call checks it against the tool results (PRODUCT.md §9). */
  answerCheck: z.boolean().default(false),
  systemPrompt: z.string().default(''),
  enabledTools: z.record(z.string(), z.boolean()).default({}),
  language: z.enum(['system', 'en', 'zh-CN']).default('system'),
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  otlpEndpoint: z.string().default(''),
  otlpHeaders: z.string().default(''),
  /** The team of agents (PRODUCT.md §8): delegation on/off, limits, the roster. */
  ...rosterSettingsShape,
  /** Tools the user defined (kept in the settings record, so no new object store is needed). */
  customTools: tolerantArray(customToolSchema),
  /** MCP servers the user connected, with their last tool list and "always allow" choices. */
  mcpServers: tolerantArray(mcpServerSchema),
  /** Prices per model id (USD per 1M tokens) for Insights and the trace; a model not listed uses the defaults. */
  modelPrices: z
    .record(z.string(), z.object({ input: z.number().min(0).nullable(), output: z.number().min(0).nullable(), cachedInput: z.number().min(0).nullable().optional() }))
    .catch({})
    .default({}),
  /** A run with more steps than this is flagged as possibly stuck. */
  stuckSteps: z.number().int().min(1).max(1000).catch(10).default(10),
});

export type Settings = z.infer<typeof settingsSchema>;

/** The settings a new install starts with: the offline demo model. */
export const defaultSettings: Settings = settingsSchema.parse({});

/** The provider id of the built-in scripted model. */
export const DEMO_PROVIDER = 'demo';
