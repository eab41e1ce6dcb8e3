import { describe, expect, it } from 'vitest';
import { sessionMarkdown } from './session-markdown.ts';
import { sessionHtmlReport } from './session-html-report.ts';
import { sessionWithToolCall } from './test-session.ts';

describe('sessionMarkdown', () => {
  it('writes messages, reasoning as a quoted paragraph, tool calls and results as fenced blocks, and totals', () => {
    const markdown = sessionMarkdown(sessionWithToolCall(), { exportedAt: '2025-06-15T00:00:00.000Z' });
    expect(markdown).toBe(
      [
        '# Sums',
        '_Exported from Glassbox · 2025-06-15T00:00:00.000Z_',
        '## User',
        'What is 17 * 23?',
        '## Assistant',
        '> **Reasoning:** I should use the calculator.\n> It is exact.',
        '**Tool call:** `calculator`',
        '```json\n{\n  "expression": "17*23"\n}\n```',
        '### Tool result: `calculator` (ok)',
        '```json\n{\n  "result": 391\n}\n```',
        '## Assistant',
        '17 × 23 = **391**.',
        '## Totals',
        '- Tokens (in / out): 120 / 30\n- Duration: 900 ms\n- Runs: 1\n- Model calls: 1\n- Tool calls: 1\n- Errors: 0',
      ].join('\n\n') + '\n',
    );
    expect(markdown).not.toContain('<details');
  });

  it('fences a result that holds backticks with a longer fence, and keeps non-JSON text as it is', () => {
    const markdown = sessionMarkdown(sessionWithToolCall({ result: 'see ```js\nx\n``` and ````' }));
    expect(markdown).toContain('`````text\nsee ```js\nx\n``` and ````\n`````');
  });

  it("names a draft the answer check revised, and the check's request, instead of calling them an answer and a user message", () => {
    const session = sessionWithToolCall({ answer: '17 × 23 = **401**.' });
    const runId = session.messages[0]!.runId;
    const draft = session.messages.at(-1)!;
    draft.meta = { ...draft.meta, draftOf: runId };
    session.messages.push(
      {
        id: 'm5',
        seq: 4,
        runId,
        createdAt: draft.createdAt + 1,
        message: { role: 'user', content: 'An answer check found: 401 ≠ 391 (calculator). Revise.' },
        meta: { synthetic: true, draftOf: runId },
      },
      {
        id: 'm6',
        seq: 5,
        runId,
        createdAt: draft.createdAt + 2,
        message: { role: 'assistant', content: '17 × 23 = **391**.' },
      },
    );
    const markdown = sessionMarkdown(session);
    expect(markdown).toContain('## Draft answer (revised after the answer check)\n\n17 × 23 = **401**.');
    expect(markdown).toContain('## Answer check\n\nAn answer check found: 401 ≠ 391 (calculator). Revise.');
    expect(markdown).toContain('## Assistant\n\n17 × 23 = **391**.');
    expect(markdown.match(/## User/g)).toHaveLength(1);
    const html = sessionHtmlReport(session);
    expect(html).toContain('aria-label="Draft answer (revised after the answer check)"');
    expect(html).toContain('aria-label="Answer check"');
  });
});
