import { z } from 'zod';
import type { ChatMessage } from '../model/model.ts';
import { createScriptedModel, type ScriptedModel, type ScriptedTurn } from '../testing/scripted-model.ts';
import { createTestTracer, type TestTracer } from '../testing/test-tracer.ts';
import { defineTool, type AnyTool } from '../tools/define-tool.ts';
import type { ToolContext } from '../tools/tool-context.ts';
import type { AgentEvent } from './events.ts';
import { agentEnglish } from './notice-text.ts';
import type { TranscriptEntry } from './transcript.ts';
import { runAgent, type RunAgentOptions, type RunResult } from './run-agent.ts';

/** A run of the agent wired to a scripted model and an in-memory tracer, for tests of the loop. */
export interface Harness {
  model: ScriptedModel;
  tracer: TestTracer;
  events: AgentEvent[];
  options: RunAgentOptions;
  run(): Promise<RunResult>;
  /** Event types in order, deltas collapsed to one entry per run of the same type. */
  eventTypes(): string[];
  /** Events of one type. */
  eventsOf<T extends AgentEvent['type']>(type: T): Extract<AgentEvent, { type: T }>[];
}

/** Tool state, notes and attachments that do nothing, and a fetch that refuses: tools under test get what they need. */
export function fakeToolContext(): Omit<ToolContext, 'callId' | 'signal' | 'sessionId'> {
  const state = new Map<string, unknown>();
  return {
    fetch: () => Promise.reject(new Error('no network in tests')),
    now: () => new Date('2025-01-02T03:04:05Z'),
    toolState: {
      get: async <T>(sessionId: string, key: string) => state.get(`${sessionId}/${key}`) as T | undefined,
      set: async (sessionId, key, value) => {
        state.set(`${sessionId}/${key}`, value);
      },
    },
    notes: {
      add: async (input) => ({
        id: 'note_1',
        content: input.content,
        tags: input.tags ?? [],
        createdAt: 0,
        updatedAt: 0,
      }),
      search: async () => [],
    },
    attachments: { list: async () => [] },
  };
}

/** Creates a harness; every option can be overridden, `turns` scripts the model. */
export function createHarness(overrides: Partial<RunAgentOptions> & { turns?: ScriptedTurn[] } = {}): Harness {
  const { turns = [], ...rest } = overrides;
  let clock = 1_000;
  let ids = 0;
  const events: AgentEvent[] = [];
  const model = createScriptedModel(turns);
  const now = (): number => (clock += 1);
  const tracer = createTestTracer({ now });
  const history: ChatMessage[] = [{ role: 'user', content: 'What is the weather in Paris?' }];
  const options: RunAgentOptions = {
    sessionId: 'sess_test',
    model,
    tools: [],
    history,
    systemPrompt: 'You are a helpful assistant.',
    limits: { maxSteps: 8, maxToolCalls: 24, deadlineMs: 60_000, toolTimeoutMs: 30_000, maxObservationChars: 4_000 },
    protocol: 'auto',
    tracer,
    runInput: 'What is the weather in Paris?',
    toolContext: fakeToolContext(),
    approve: async () => true,
    signal: new AbortController().signal,
    onEvent: (event) => {
      events.push(event);
    },
    newId: (prefix) => `${prefix}_${++ids}`,
    now,
    ...rest,
  };
  return {
    model,
    tracer,
    events,
    options,
    run: () => runAgent(options),
    eventTypes: () =>
      events
        .map((event) => event.type)
        .filter((type, index, all) => !(type.endsWith('-delta') && all[index - 1] === type)),
    eventsOf: <T extends AgentEvent['type']>(type: T) =>
      events.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type),
  };
}

/** A weather tool that answers from a table, recording its calls. */
export function weatherTool(calls: string[] = []): AnyTool {
  return defineTool({
    name: 'get_weather',
    description: 'Current weather for a city.',
    schema: z.object({ city: z.string() }),
    execute: async ({ city }) => {
      calls.push(city);
      return { city, temperatureC: city === 'Paris' ? 18 : 9, sky: 'clear' };
    },
  });
}

/** The notices stored under an entry, in English (what tests compare against). */
export function noticeOf(entry: TranscriptEntry | undefined): string {
  return agentEnglish(entry?.meta?.noticeText ?? []);
}
