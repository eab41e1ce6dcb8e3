import { describe, expect, it } from 'vitest';
import { micromark } from 'micromark';
import { escapeRawHtml, sessionMarkdown } from './session-markdown.ts';
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

  it('shows raw HTML in messages as text, even in a viewer that renders HTML, and leaves code as written', () => {
    const hostile = 'Look: <img src=x onerror="alert(1)"> and <script>alert(2)</script>, see <https://example.com>.';
    const session = sessionWithToolCall({
      title: 'A <b>bold</b> title',
      user: hostile,
      reasoning: 'Think <iframe src="https://evil.example"></iframe>',
      answer: 'Use `<div>` here:\n\n```html\n<div onclick="x()">hi</div>\n```\n\nDone <u>now</u>.',
    });
    const markdown = sessionMarkdown(session);
    const html = micromark(markdown, { allowDangerousHtml: true });
    expect(html).not.toMatch(/<(img|script|iframe|b|u)\b/u);
    expect(html).toContain('Look: &lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('<a href="https://example.com">');
    expect(html).toContain('<code>&lt;div&gt;</code>');
    expect(markdown).toContain('```html\n<div onclick="x()">hi</div>\n```');
    expect(escapeRawHtml('a < b and 2<3')).toBe('a &lt; b and 2&lt;3');
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
