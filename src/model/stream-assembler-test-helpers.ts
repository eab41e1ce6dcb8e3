import type { ModelStreamEvent } from './model.ts';
import { createStreamAssembler } from './stream-assembler.ts';

export function assemble(chunks: unknown[]) {
  const assembler = createStreamAssembler({ createToolCallId: (ordinal) => `call_synth_${ordinal}` });
  const events: ModelStreamEvent[] = [];
  for (const item of chunks) events.push(...assembler.push(item));
  const finished = assembler.finish();
  events.push(...finished.events);
  return { events, response: finished.response };
}

export function textOf(events: ModelStreamEvent[]): string {
  return events.map((event) => (event.type === 'text-delta' ? event.delta : '')).join('');
}

export function reasoningOf(events: ModelStreamEvent[]): string {
  return events.map((event) => (event.type === 'reasoning-delta' ? event.delta : '')).join('');
}

export const toolDelta = (fragment: Record<string, unknown>) => ({ tool_calls: [fragment] });
