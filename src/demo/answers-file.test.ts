import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolSpec } from '../model/model.ts';
import { scriptReply, type ScriptedReply } from './scripted-model.ts';

const tools: ToolSpec[] = ['read_file', 'calculator'].map((name) => ({
  type: 'function',
  function: { name, description: name, parameters: { type: 'object', properties: {} } },
}));

/** Asks the scripted model, answers its read_file call with `result`, and returns both replies. */
function readWith(question: string, result: string): { call: ScriptedReply; answer: string } {
  const messages: ChatMessage[] = [{ role: 'user', content: question }];
  const call = scriptReply({ messages, tools });
  messages.push(
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'read_file', arguments: JSON.stringify(call.toolCalls?.[0]?.arguments ?? {}) },
        },
      ],
    },
    { role: 'tool', tool_call_id: 'call_1', content: result },
  );
  return { call, answer: scriptReply({ messages, tools }).content ?? '' };
}

const fileResult = (name: string, content: string, mimeType = 'text/plain') =>
  JSON.stringify({ name, mime_type: mimeType, size_bytes: content.length, total_chars: content.length, content });

describe('scripted demo: attached files', () => {
  it('outlines a Markdown file by its headings and says the outline is scripted', () => {
    const { call, answer } = readWith(
      'summarise notes.md',
      fileResult(
        'notes.md',
        '# Trip plan\n\nPack light and leave early.\n\n## Monday\nMuseum\n\n## Tuesday\nHike',
        'text/markdown',
      ),
    );
    expect(call.toolCalls).toEqual([{ name: 'read_file', arguments: { name: 'notes.md' } }]);
    expect(answer).toContain('**notes.md**');
    expect(answer).toContain('3 headings');
    expect(answer).toMatch(/- Trip plan\n {2}- Monday\n {2}- Tuesday/u);
    expect(answer).toContain('> Pack light and leave early.');
    expect(answer).toContain('not from an LLM');
  });

  it('outlines a CSV file: rows, columns and numeric ranges, in Chinese when asked in Chinese', () => {
    const { answer } = readWith(
      '总结一下 sales.csv',
      fileResult('sales.csv', 'month,revenue\nJan,120\nFeb,80\n"Mar, late",100\n'),
    );
    expect(answer).toContain('3 行、2 列');
    expect(answer).toContain('`revenue`：80 到 120，合计 300');
    expect(answer).toContain('不是大语言模型');
  });

  it('outlines JSON, and reports JSON that does not parse', () => {
    expect(readWith('summarise data.json', fileResult('data.json', '{"users":[1,2,3],"active":true}')).answer).toMatch(
      /2 keys:\n- `users`: list of 3\n- `active`: true/u,
    );
    expect(readWith('summarise broken.json', fileResult('broken.json', '{"users": [1,')).answer).toContain(
      'not valid JSON',
    );
  });

  it('reads without a name when the user says "the attached file", and lists files when several are attached', () => {
    const listing = JSON.stringify({
      attached_files: [{ name: 'a.md' }, { name: 'b.csv' }],
      note: 'Several files are attached',
    });
    const { call, answer } = readWith('Summarise the attached file', listing);
    expect(call.toolCalls).toEqual([{ name: 'read_file', arguments: {} }]);
    expect(answer).toContain('**a.md**, **b.csv**');
    expect(answer).toContain('Which one should I read?');
  });

  it('tells the user how to attach a file when it is not attached', () => {
    const { answer } = readWith(
      'summarise notes.md',
      'Error: read_file failed: No file named "notes.md": no files are attached to this conversation. Ask the user to attach it.',
    );
    expect(answer).toContain("I couldn't read **notes.md**");
    expect(answer).toContain('Attach files');
  });

  it('still outlines what it saw when the result was shortened for the context', () => {
    const long = fileResult('log.txt', `first line\n${'x'.repeat(50)}`);
    const shortened = `${long.slice(0, 120)}\n[… 300 characters omitted …]\n${long.slice(-20)}`;
    const { answer } = readWith('read log.txt', shortened);
    expect(answer).toContain('only part of it was shown to me');
    expect(answer).toContain('> first line');
  });
});
