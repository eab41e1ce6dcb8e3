import { describe, expect, it } from 'vitest';
import { createKnowledgeSearch } from '../knowledge/knowledge-search.ts';
import { MemoryKnowledgeStore } from '../knowledge/knowledge-test-helpers.ts';
import { presentSearch } from '../tools/builtin/search-knowledge.ts';
import type { ChatMessage, ToolSpec } from '../model/model.ts';
import { sampleLibraryDocument, SAMPLE_DOCUMENTS } from './sample-document.ts';
import { scriptReply } from './scripted-model.ts';

const tools: ToolSpec[] = ['search_knowledge', 'search_notes'].map((name) => ({
  type: 'function',
  function: { name, description: name, parameters: { type: 'object', properties: {} } },
}));

/** The sample document searched for real (the tool's own search and output) with the demo's query. */
async function searchSample(language: 'en' | 'zh-CN', query: string): Promise<string> {
  const { document, passages } = sampleLibraryDocument(language, 'kdoc_sample', 0);
  const store = new MemoryKnowledgeStore([
    { id: document.id, name: document.name, passages: passages.map(({ text, headings }) => ({ text, headings })) },
  ]);
  const search = createKnowledgeSearch(store);
  const result = await search.search(query);
  return JSON.stringify(presentSearch(query, result, await search.documents()).observation);
}

async function askAboutSample(language: 'en' | 'zh-CN') {
  const messages: ChatMessage[] = [{ role: 'user', content: SAMPLE_DOCUMENTS[language].question }];
  const call = scriptReply({ messages, tools });
  const query = String(call.toolCalls?.[0]?.arguments.query);
  messages.push(
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'search_knowledge', arguments: JSON.stringify({ query }) },
        },
      ],
    },
    { role: 'tool', tool_call_id: 'call_1', content: await searchSample(language, query) },
  );
  return { call, answer: scriptReply({ messages, tools }).content ?? '' };
}

describe('scripted demo: the sample Knowledge document', () => {
  it('searches the library for the sample question and answers from the Watering passage, citing [1]', async () => {
    const { call, answer } = await askAboutSample('en');
    expect(call.toolCalls).toEqual([{ name: 'search_knowledge', arguments: { query: 'when should I water my plot' } }]);
    expect(answer).toContain('**riverside-garden-handbook.md › Watering**');
    expect(answer).toContain('before 9 in the morning or after 6 in the evening');
    expect(answer).toMatch(/\[1\]/u);
  });

  it('does the same in Chinese', async () => {
    const { call, answer } = await askAboutSample('zh-CN');
    expect(call.toolCalls?.[0]?.name).toBe('search_knowledge');
    expect(answer).toContain('河畔花园手册.md › 浇水');
    expect(answer).toContain('早上 9 点以前');
    expect(answer).toContain('[1]');
  });

  it('says the tool is not available when no library is offered', () => {
    const reply = scriptReply({
      messages: [{ role: 'user', content: SAMPLE_DOCUMENTS.en.question }],
      tools: tools.slice(1),
    });
    expect(reply.toolCalls ?? []).toEqual([]);
    expect(reply.content).toContain('search_knowledge');
  });
});
