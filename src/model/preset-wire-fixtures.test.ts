import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHARED_DATA_TAG, sharedPath } from '../testing/shared-data.ts';
import { createStreamAssembler, normalizeCompletion } from './stream-assembler.ts';

// Recordings from the providers that have presets (DashScope, Mistral, Gemini, xAI, Together), read in place from
// ../shared/wire-fixtures (see its SOURCES.md): each must yield complete tool calls with an id, a name and JSON
// arguments, and no tool markup in the text.
function fixture(name: string): string {
  return readFileSync(sharedPath('wire-fixtures', name), 'utf8');
}

function sseChunks(text: string): unknown[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim())
    .filter((data) => data !== '' && data !== '[DONE]')
    .map((data) => JSON.parse(data) as unknown);
}

function assembleStream(name: string) {
  const assembler = createStreamAssembler({ createToolCallId: (ordinal) => `call_synth_${ordinal}` });
  for (const item of sseChunks(fixture(name))) assembler.push(item);
  return assembler.finish().response;
}

function expectUsableCalls(toolCalls: Array<{ id: string; function: { name: string; arguments: string } }>): void {
  expect(toolCalls.length).toBeGreaterThan(0);
  for (const call of toolCalls) {
    expect(call.id).not.toBe('');
    expect(call.function.name).not.toBe('');
    expect(() => JSON.parse(call.function.arguments || '{}') as unknown).not.toThrow();
  }
  expect(new Set(toolCalls.map((call) => call.id)).size).toBe(toolCalls.length);
}

describe('tool calls recorded from the preset providers', { tags: [SHARED_DATA_TAG] }, () => {
  it.each([
    'dashscope-stream-tool-call.sse',
    'mistral-stream-tool-call.sse',
    'mistral-stream-incremental-tool-call.sse',
    'xai-stream-tool-call-reasoning.sse',
  ])('stream %s', (name) => {
    const response = assembleStream(name);
    expectUsableCalls(response.toolCalls);
    expect(response.text ?? '').not.toMatch(/\[TOOL_CALLS\]|<tool_call>/);
  });

  it.each([
    'dashscope-tool-call.json',
    'mistral-tool-call.json',
    'gemini-openai-compat-tool-call-empty-id.json',
    'together-tool-call.json',
  ])('JSON %s', (name) => {
    const recorded = JSON.parse(fixture(name)) as Record<string, unknown>;
    // A fixture may hold the response body directly or under `response`/`body`.
    const body = (recorded.choices ? recorded : (recorded.response ?? recorded.body)) as unknown;
    expectUsableCalls(normalizeCompletion(body).response.toolCalls);
  });
});
