import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { deepArrayText, deepObjectText } from '../../testing/deep-session.ts';
import { compactArguments, formatDuration, prettyText, previewText, toolCallStatus } from './tool-call-format.ts';

const result = (toolStatus?: 'ok' | 'error' | 'denied'): TranscriptEntry => ({
  id: 'msg_1',
  sessionId: 'sess_1',
  runId: 'run_1',
  createdAt: 0,
  message: { role: 'tool', tool_call_id: 'call_1', content: '4' },
  meta: toolStatus ? { toolStatus } : {},
});

describe('toolCallStatus', () => {
  it('takes the status of the result when there is one', () => {
    const base = { awaitingApproval: false, streaming: false, runActive: false };
    expect(toolCallStatus({ ...base, result: result('error') })).toBe('error');
    expect(toolCallStatus({ ...base, result: result('denied') })).toBe('denied');
    expect(toolCallStatus({ ...base, result: result() })).toBe('ok');
  });

  it('tells approval, preparation, running and a call that never got a result apart', () => {
    expect(toolCallStatus({ result: undefined, awaitingApproval: true, streaming: false, runActive: true })).toBe(
      'awaiting-approval',
    );
    expect(toolCallStatus({ result: undefined, awaitingApproval: false, streaming: true, runActive: true })).toBe(
      'preparing',
    );
    expect(toolCallStatus({ result: undefined, awaitingApproval: false, streaming: false, runActive: true })).toBe(
      'running',
    );
    expect(toolCallStatus({ result: undefined, awaitingApproval: false, streaming: false, runActive: false })).toBe(
      'no-result',
    );
  });
});

describe('formatDuration', () => {
  it('formats like the trace panel', () => {
    expect(formatDuration(812)).toBe('812 ms');
    expect(formatDuration(1400)).toBe('1.4 s');
    expect(formatDuration(42_000)).toBe('42 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(-1)).toBe('');
  });
});

describe('compactArguments', () => {
  it('shows key: value pairs and cuts long ones', () => {
    expect(compactArguments('{"expression":"2+2"}')).toBe('expression: "2+2"');
    expect(compactArguments('{"a":1,"b":[1,2]}')).toBe('a: 1, b: [1,2]');
    expect(compactArguments(`{"code":"${'x'.repeat(200)}"}`, 20)).toHaveLength(20);
    expect(compactArguments('{"expression":"2+')).toBe('{"expression":"2+');
  });
});

describe('prettyText and previewText', () => {
  it('pretty-prints JSON results only', () => {
    expect(prettyText('{"temp":3}')).toEqual({ text: '{\n  "temp": 3\n}' });
    expect(prettyText('plain 42')).toEqual({ text: 'plain 42' });
    expect(prettyText('{broken')).toEqual({ text: '{broken' });
  });

  it('cuts results and arguments nested 100,000 levels deep, saying how deep they are', () => {
    for (const text of [deepArrayText(100_000), deepObjectText(100_000)]) {
      const shown = prettyText(text);
      expect(shown.cutDepth).toBe(100_000);
      expect(shown.text).toContain('…');
      expect(shown.text.length).toBeLessThan(20_000);
      expect(compactArguments(text).length).toBeLessThanOrEqual(80);
    }
    expect(compactArguments(`{"query":${deepObjectText(100_000)}}`)).toMatch(/^query: \{"a":\{"a":/);
  });

  it('collapses whitespace for one-line previews', () => {
    expect(previewText('a\n\n  b', 10)).toBe('a b');
    expect(previewText('abcdefghij', 5)).toBe('abcd…');
  });
});
