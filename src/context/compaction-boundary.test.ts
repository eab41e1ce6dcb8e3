import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../agent/transcript.ts';
import type { ChatMessage } from '../model/model.ts';
import { findCompactionBoundary } from './compaction-boundary.ts';

let counter = 0;
function entry(message: ChatMessage): TranscriptEntry {
  counter += 1;
  return { id: `msg_${counter}`, sessionId: 'sess_1', runId: 'run_1', createdAt: counter, message };
}

describe('findCompactionBoundary', () => {
  it('finds the first transcript entry after the summarised history messages, skipping entries the history leaves out', () => {
    const entries = [
      entry({ role: 'user', content: 'one' }),
      entry({
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'a', type: 'function', function: { name: 'todo', arguments: '{}' } }],
      }),
      // The run stopped before the result: the history gets a placeholder result, the transcript has none.
      entry({ role: 'system', content: 'not sent' }),
      entry({ role: 'user', content: 'two' }),
      entry({ role: 'assistant', content: 'done' }),
    ];
    // History: user, assistant(call), placeholder tool result, user, assistant.
    expect(findCompactionBoundary(entries, 3)).toEqual({ entryIndex: 3, entryId: entries[3]?.id });
    expect(findCompactionBoundary(entries, 0)).toBeUndefined();
    expect(findCompactionBoundary(entries, 9)).toBeUndefined();
  });
});
