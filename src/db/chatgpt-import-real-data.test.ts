import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { SHARED_DATA_TAG, sharedPath } from '../testing/shared-data.ts';
import { listMessages } from './messages.ts';
import { importParsed, parseImportFile, type ParsedImport } from './session-file.ts';
import { sequentialIds } from './test-fixtures.ts';

// Real exports written by other projects (see ../shared/real-data/SOURCES.md); read in place, never copied.
const DIRECTORY = sharedPath('real-data', 'chatgpt');

function read(name: string): string {
  return readFileSync(sharedPath('real-data', 'chatgpt', name), 'utf8');
}

function imported(name: string): ParsedImport {
  const result = parseImportFile(read(name), name);
  if (!result.ok) throw new Error(result.error);
  return result;
}

function contents(parsed: ParsedImport, session = 0): Array<[string, string]> {
  return (parsed.sessions[session]?.messages ?? []).map((m) => [m.message.role, m.message.content ?? '']);
}

type RawNode = {
  parent?: string | null;
  message?: { author: { role: string }; recipient?: string; content: { content_type: string; text?: string } } | null;
};
type RawConversation = { mapping: Record<string, RawNode>; current_node: string };

/** The raw messages from current_node back to the root, oldest first. */
function rawBranch(conversation: RawConversation): NonNullable<RawNode['message']>[] {
  const messages: NonNullable<RawNode['message']>[] = [];
  for (let id: string | null | undefined = conversation.current_node; id; id = conversation.mapping[id]?.parent) {
    const message = conversation.mapping[id]?.message;
    if (message) messages.unshift(message);
  }
  return messages;
}

describe('ChatGPT import of real exports', { tags: [SHARED_DATA_TAG] }, () => {
  it('imports every file in the real-data folder, with no citation marks left and nothing hidden shown', async () => {
    const names = readdirSync(DIRECTORY).filter((name) => name.endsWith('.json'));
    expect(names.length).toBeGreaterThanOrEqual(6);
    for (const name of names) {
      const parsed = imported(name);
      expect(parsed.sessions.length, name).toBeGreaterThan(0);
      for (const session of parsed.sessions) {
        expect(session.messages.length, `${name}: ${session.title}`).toBeGreaterThan(0);
        for (const { message } of session.messages) {
          expect(message.content, name).not.toMatch(/【[^】]*】|[\ue200-\ue202]/);
          // Custom instructions (user_editable_context) and the hidden system prompts never appear.
          expect(message.content, name).not.toMatch(
            /The user is an SRE|Answer concisely|The user provided the additional info/,
          );
        }
      }
      // Each file also writes: nothing in a conversation stops the whole file.
      const db = await openTestDb();
      const result = await importParsed(db, parsed, { newId: sequentialIds() });
      expect(result.sessionIds, name).toHaveLength(parsed.sessions.length);
      db.close();
    }
  });

  it('takes the current branch of the tree: no edited or regenerated side branch, no interrupted side leaf', () => {
    const parsed = imported('librechat-chatgpt-tree.json');
    expect(parsed.skipped).toEqual([]);
    expect(parsed.sessions).toHaveLength(1);
    expect(parsed.sessions[0]?.title).toBe('Assist user with summary');
    expect(contents(parsed)).toEqual([
      ['user', 'hi there'],
      ['assistant', 'Hello! How can I assist you today?'],
      ['user', 'hi again'],
      ['assistant', "Hey! Welcome back. What's on your mind?"],
      ['user', 'tell me a joke'],
      [
        'assistant',
        "Sure, here's one for you:\n\nWhy don't scientists trust atoms?\n\nBecause they make up everything!",
      ],
    ]);
    // The regenerated answer (the 2nd child, current_node), not the first one with the same text.
    expect(parsed.sessions[0]?.messages.at(-1)?.createdAt).toBeCloseTo(1714585060598.792, 0);
    expect(new Set(parsed.sessions[0]?.messages.map((m) => m.runId)).size).toBe(3);
  });

  it('imports the truncated citations tree from its newest leaf, citations made into links', () => {
    const parsed = imported('librechat-chatgpt-citations.json');
    expect(parsed.skipped).toEqual([]);
    expect(parsed.sessions.map((session) => session.title)).toEqual(['Citation Convo']);
    const [[role, content] = ['', '']] = contents(parsed);
    expect(contents(parsed)).toHaveLength(1);
    expect(role).toBe('assistant');
    // The browser tool's search results, readable: `【0†title†host】` headings become `[0] title (host)`.
    expect(content).toContain('> # [0] Signal Sciences - Crunchbase Company Profile & Funding (www.crunchbase.com)');
    // Then the answer, its citations linked to their sources.
    expect(content).toContain(
      'Signal Sciences is a web application security company that was founded on March 10, 2014',
    );
    expect(content).toContain(
      '([Signal Sciences - Crunchbase Company Profile & Funding](<https://www.crunchbase.com/organization/signal-sciences>))',
    );
    expect(content.indexOf('> # [0]')).toBeLessThan(content.indexOf('Signal Sciences is a web application'));
  });

  it('imports the modern export and reports the conversation with no mapping as skipped', () => {
    const parsed = imported('librechat-chatgpt-modern-export.json');
    expect(parsed.sessions.map((session) => session.title)).toEqual([
      'Deploying the staging cluster',
      'Weeknight pasta',
    ]);
    expect(parsed.skipped).toEqual([
      { fileName: 'librechat-chatgpt-modern-export.json', name: 'Corrupted entry', reason: 'no-mapping' },
    ]);
    expect(contents(parsed, 0)).toEqual([
      ['user', 'How do I roll back the deploy?'],
      ['assistant', 'Run `helm rollback staging`.'],
      ['user', 'And if that fails?'],
      ['assistant', 'Restore from the last known-good chart.'],
    ]);
    expect(contents(parsed, 1)).toEqual([
      ['user', 'Something with anchovies?'],
      ['assistant', 'Puttanesca.'],
    ]);
  });

  it('keeps all 11 code → execution_output pairs of the code-interpreter export readable, in order', () => {
    const raw = (JSON.parse(read('chatgpt2graph-conversations.json')) as RawConversation[])[0]!;
    const branch = rawBranch(raw);
    const pairs: Array<{ code: string; output: string }> = [];
    branch.forEach((message, index) => {
      const next = branch[index + 1];
      if (message.content.content_type === 'code' && next?.content.content_type === 'execution_output') {
        pairs.push({ code: message.content.text ?? '', output: next.content.text ?? '' });
      }
    });
    expect(pairs).toHaveLength(11);

    const parsed = imported('chatgpt2graph-conversations.json');
    const assistant = contents(parsed)
      .filter(([role]) => role === 'assistant')
      .map(([, content]) => content)
      .join('\n\n');
    let from = 0;
    for (const { code, output } of pairs) {
      const block = `\`\`\`python\n${code.replace(/\r\n/g, '\n').replace(/\n+$/, '')}\n\`\`\`\n\n\`\`\`output\n${output.replace(/\n+$/, '')}\n\`\`\``;
      const at = assistant.indexOf(block, from);
      expect(at, code.slice(0, 60)).toBeGreaterThanOrEqual(from);
      from = at + block.length;
    }
    // 8 user turns, each answered; the two hidden system messages are gone.
    expect(contents(parsed).map(([role]) => role)).toEqual(
      Array.from({ length: 16 }, (_, index) => (index % 2 ? 'assistant' : 'user')),
    );
    expect(assistant).toContain('\\( \\frac{1}{3} \\)');
  });

  it('shows the browser tool of the 2-conversation export readably: searches, quotes with their source, Cyrillic intact', async () => {
    const parsed = imported('librechat-chatgpt-export.json');
    expect(parsed.sessions.map((session) => [session.title, session.messages.length])).toEqual([
      ['Conversation 1. Web Search', 6],
      ['Conversation 2', 4],
    ]);
    const first = contents(parsed, 0);
    expect(first[0]).toEqual(['user', 'What is the fuel consumption of vw  transporter with 8 people in l/km']);
    const answer = first[1]?.[1] ?? '';
    expect(
      answer.startsWith('```browser\nsearch("Volkswagen Transporter fuel consumption with 8 people l/km")\n```'),
    ).toBe(true);
    expect(answer).toContain('```browser\nmclick([0, 3, 7])\n```');
    expect(answer).toContain(
      '— [Volkswagen Transporter Review - Drive](<https://www.drive.com.au/reviews/volkswagen-transporter-review/>)',
    );
    expect(answer).toContain('русский');
    // The answer's `【6†source】` marks become links to what they cite.
    expect(answer).toContain(
      '([Volkswagen Transporter Review - Drive](<https://www.drive.com.au/reviews/volkswagen-transporter-review/>))',
    );

    const db = await openTestDb();
    const { sessionIds } = await importParsed(db, parsed, { newId: sequentialIds() });
    const stored = await listMessages(db, sessionIds[0] ?? '');
    expect(stored.map((m) => m.message.content)).toEqual(first.map(([, content]) => content));
  });

  it('imports the real June 2025 export without its hidden system message or custom instructions', () => {
    const parsed = imported('openwebui-importer-gpt_example.json');
    expect(parsed.sessions[0]?.title).toBe('How photosynthesis works');
    const roles = contents(parsed).map(([role]) => role);
    expect(roles).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(contents(parsed)[0]).toEqual(['user', 'Can you explain how photosynthesis works in simple terms?']);
  });
});
