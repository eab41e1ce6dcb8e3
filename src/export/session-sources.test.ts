import { describe, expect, it } from 'vitest';
import { sessionHtmlReport } from './session-html-report.ts';
import { sessionMarkdown } from './session-markdown.ts';
import { sourcesWords } from './session-sources.ts';
import { sessionWithToolCall } from './test-session.ts';

/** The test session, its tool result made a search_knowledge answer and its answer citing [1] and an invented [4]. */
function citingSession() {
  const session = sessionWithToolCall({
    answer: 'Nested loops get nested trees [1]; see also [4].',
    result: JSON.stringify({
      query: 'nested loops',
      passages: [
        { label: '[1]', document: 'trace<monkey>.pdf', page: 6, passage_id: 'd:1', text: 'Nested trees.' },
        { label: '[2]', document: 'guide.md', heading: 'Install › Linux', passage_id: 'd:2', text: 'Install.' },
      ],
    }),
  });
  const tool = session.messages.find((entry) => entry.message.role === 'tool');
  if (tool) tool.meta = { toolName: 'search_knowledge', toolStatus: 'ok' };
  return session;
}

describe('sources in the readable exports', () => {
  it('Markdown lists the passages an answer cites, under the answer, and only those', () => {
    const markdown = sessionMarkdown(citingSession());
    expect(markdown).toContain(
      'Nested loops get nested trees [1]; see also [4].\n\n**Sources**\n- \\[1\\] trace\\<monkey\\>.pdf — Page 6',
    );
    expect(markdown).not.toContain('guide.md —');
  });

  it('the HTML report lists them escaped, in the reader language', () => {
    const html = sessionHtmlReport(citingSession(), { language: 'zh-CN' });
    expect(html).toContain(
      '<section class="sources" aria-label="来源"><h4>来源</h4><ol><li>[1] trace&lt;monkey&gt;.pdf — 第 6 页</li></ol></section>',
    );
  });

  it('an answer citing nothing has no sources list', () => {
    expect(sessionMarkdown(sessionWithToolCall())).not.toContain(sourcesWords().heading);
  });
});
