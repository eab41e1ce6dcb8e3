import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { listMessages } from './messages.ts';
import { getSession, listSessions } from './sessions.ts';
import { importParsed, parseImportFile } from './session-file.ts';
import { sequentialIds } from './test-fixtures.ts';

type Node = { id: string; message: unknown; parent: string | null; children: string[] };

function message(role: string, parts: unknown[], time: number, extra: Record<string, unknown> = {}) {
  return {
    id: `m-${time}`,
    author: { role, name: null, metadata: {} },
    create_time: time,
    content: { content_type: 'text', parts },
    status: 'finished_successfully',
    recipient: 'all',
    metadata: {},
    ...extra,
  };
}

/** A conversation where the user regenerated the answer: two branches, the current one on the second answer. */
function branchedConversation(): Record<string, unknown> {
  const nodes: Node[] = [
    { id: 'root', message: null, parent: null, children: ['sys'] },
    {
      id: 'sys',
      message: message('system', [''], 1_700_000_000, { metadata: { is_visually_hidden_from_conversation: true } }),
      parent: 'root',
      children: ['u1'],
    },
    {
      id: 'u1',
      message: message('user', ['Plan a trip to Kyoto'], 1_700_000_001),
      parent: 'sys',
      children: ['a-old', 'think'],
    },
    { id: 'a-old', message: message('assistant', ['Old answer'], 1_700_000_002), parent: 'u1', children: [] },
    {
      id: 'think',
      message: {
        ...message('assistant', [], 1_700_000_003),
        content: { content_type: 'thoughts', thoughts: [{ summary: 'Plan', content: 'Consider temples.' }] },
      },
      parent: 'u1',
      children: ['search'],
    },
    {
      id: 'search',
      message: {
        ...message('assistant', [], 1_700_000_004),
        recipient: 'browser',
        content: { content_type: 'code', text: 'search("kyoto")' },
      },
      parent: 'think',
      children: ['tool'],
    },
    { id: 'tool', message: message('tool', ['results…'], 1_700_000_005), parent: 'search', children: ['a-new'] },
    {
      id: 'a-new',
      message: message('assistant', ['Day 1: temples.'], 1_700_000_006),
      parent: 'tool',
      children: ['u2'],
    },
    {
      id: 'u2',
      message: message(
        'user',
        ['And a photo:', { content_type: 'image_asset_pointer', asset_pointer: 'file-service://x' }],
        1_700_000_007,
        {
          content: {
            content_type: 'multimodal_text',
            parts: ['And a photo:', { content_type: 'image_asset_pointer', asset_pointer: 'file-service://x' }],
          },
        },
      ),
      parent: 'a-new',
      children: ['a2'],
    },
    { id: 'a2', message: message('assistant', ['Nice photo.'], 1_700_000_008), parent: 'u2', children: [] },
  ];
  return {
    title: 'Kyoto trip',
    create_time: 1_700_000_000.5,
    update_time: 1_700_000_100,
    mapping: Object.fromEntries(nodes.map((node) => [node.id, node])),
    current_node: 'a2',
    conversation_id: 'c1',
  };
}

function chatGptError(conversations: unknown[]): string {
  const result = parseImportFile(JSON.stringify(conversations), 'conversations.json');
  if (result.ok) throw new Error('expected the file to be refused');
  return result.error;
}

describe('ChatGPT conversations.json import', () => {
  it('imports the current branch only, oldest first, with tool calls and tool output folded into the answer', () => {
    const result = parseImportFile(JSON.stringify([branchedConversation()]), 'conversations.json');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.skipped).toEqual([]);
    const [session] = result.sessions;
    expect(session).toMatchObject({
      source: 'chatgpt',
      title: 'Kyoto trip',
      createdAt: 1_700_000_000_500,
      updatedAt: 1_700_000_100_000,
      status: 'idle',
    });
    expect(session?.messages.map((m) => [m.message.role, m.message.content])).toEqual([
      ['user', 'Plan a trip to Kyoto'],
      ['assistant', '```browser\nsearch("kyoto")\n```\n\n> results…\n\nDay 1: temples.'],
      ['user', 'And a photo:\n[image asset pointer]'],
      ['assistant', 'Nice photo.'],
    ]);
    expect(session?.messages[1]?.reasoning).toBe('Consider temples.');
    expect(session?.messages.map((m) => m.seq)).toEqual([0, 1, 2, 3]);
    expect(session?.messages[0]?.createdAt).toBe(1_700_000_001_000);
    // Each user turn starts a run; the answers belong to it.
    const runs = session?.messages.map((m) => m.runId) ?? [];
    expect(runs[0]).toBe(runs[1]);
    expect(runs[2]).toBe(runs[3]);
    expect(runs[0]).not.toBe(runs[2]);
  });

  it('writes ChatGPT conversations with fresh ids, so importing twice gives two sessions', async () => {
    const db = await openTestDb();
    const parsed = parseImportFile(JSON.stringify([branchedConversation()]), 'conversations.json');
    if (!parsed.ok) throw new Error(parsed.error);
    const ids = sequentialIds();
    const first = await importParsed(db, parsed, { newId: ids });
    const second = await importParsed(db, parsed, { newId: ids });
    expect(first.copies).toBe(0);
    expect(first.sessionIds[0]).toMatch(/^sess_/);
    expect(second.sessionIds[0]).not.toBe(first.sessionIds[0]);
    expect(await listSessions(db)).toHaveLength(2);
    const messages = await listMessages(db, first.sessionIds[0] ?? '');
    expect(messages.map((m) => m.id).every((id) => id.startsWith('msg_'))).toBe(true);
    expect(messages.every((m) => /^[0-9a-f]{16}$/.test(m.runId))).toBe(true);
    expect(await getSession(db, first.sessionIds[0] ?? '')).toMatchObject({
      messageCount: 4,
      nextSeq: 4,
      title: 'Kyoto trip',
    });
  });

  it('follows the latest children when current_node is missing', () => {
    const conversation = branchedConversation();
    delete conversation.current_node;
    const result = parseImportFile(JSON.stringify(conversation), 'conversations.json');
    if (!result.ok) throw new Error(result.error);
    expect(result.sessions[0]?.messages.at(-1)?.message.content).toBe('Nice photo.');
  });

  it('skips a conversation with a field of a wrong type, naming it and the field, and imports the others', () => {
    const broken = branchedConversation() as { title: string; mapping: Record<string, Node> };
    broken.title = 'Trip plan';
    (broken.mapping.u1!.message as { content: { parts: unknown } }).content.parts = 'Plan a trip';
    const result = parseImportFile(JSON.stringify([branchedConversation(), broken]), 'conversations.json');
    if (!result.ok) throw new Error(result.error);
    expect(result.sessions.map((session) => session.title)).toEqual(['Kyoto trip']);
    expect(result.skipped).toEqual([
      {
        fileName: 'conversations.json',
        name: 'Trip plan',
        reason: 'unreadable',
        detail: 'mapping.u1.message.content.parts: expected array, received string',
      },
    ]);
    const noParts = branchedConversation() as { mapping: Record<string, Node> };
    delete (noParts.mapping.a2!.message as { content: { parts?: unknown } }).content.parts;
    expect(chatGptError([noParts])).toBe(
      'conversations.json: no conversation has messages to import ("Kyoto trip": unreadable data (mapping.a2.message.content.parts: expected array))',
    );
  });

  it('names a skipped conversation by its title, else its id, else its place in the file', () => {
    const result = parseImportFile(
      JSON.stringify([
        { title: '  ', conversation_id: 'conv-7' },
        branchedConversation(),
        { title: null, mapping: null },
      ]),
      'conversations.json',
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.skipped.map((skip) => [skip.name, skip.reason])).toEqual([
      ['conv-7', 'no-mapping'],
      ['#3', 'no-mapping'],
    ]);
  });

  it('imports from the newest message back as far as the parents go when the tree is truncated or loops', () => {
    const dangling = branchedConversation() as { mapping: Record<string, Node> };
    if (dangling.mapping.u1) dangling.mapping.u1.parent = 'ghost';
    const cut = parseImportFile(JSON.stringify([dangling]), 'conversations.json');
    if (!cut.ok) throw new Error(cut.error);
    expect(cut.sessions[0]?.messages.map((m) => m.message.content).at(0)).toBe('Plan a trip to Kyoto');
    expect(cut.sessions[0]?.messages).toHaveLength(4);

    const loop = branchedConversation() as { mapping: Record<string, Node> };
    if (loop.mapping.root) loop.mapping.root.parent = 'a2';
    const looped = parseImportFile(JSON.stringify([loop]), 'conversations.json');
    if (!looped.ok) throw new Error(looped.error);
    expect(looped.sessions[0]?.messages.map((m) => m.message.content).at(-1)).toBe('Nice photo.');

    // current_node outside mapping: the newest leaf (a2, not the older side answer a-old) ends the branch.
    const elsewhere = parseImportFile(
      JSON.stringify([{ ...branchedConversation(), current_node: 'nowhere' }]),
      'conversations.json',
    );
    if (!elsewhere.ok) throw new Error(elsewhere.error);
    expect(elsewhere.sessions[0]?.messages.map((m) => m.message.content)).not.toContain('Old answer');
    expect(elsewhere.sessions[0]?.messages.at(-1)?.message.content).toBe('Nice photo.');
    const older = branchedConversation() as { mapping: Record<string, Node & { message: { create_time: number } }> };
    older.mapping['a-old']!.message.create_time = 1_800_000_000;
    const oldLeaf = parseImportFile(JSON.stringify([{ ...older, current_node: 'nowhere' }]), 'conversations.json');
    if (!oldLeaf.ok) throw new Error(oldLeaf.error);
    expect(oldLeaf.sessions[0]?.messages.map((m) => m.message.content)).toEqual(['Plan a trip to Kyoto', 'Old answer']);
  });

  it('refuses an export without any messages', () => {
    expect(chatGptError([])).toBe('conversations.json: no conversation has messages to import');
    expect(
      chatGptError([
        {
          title: 'Empty',
          mapping: { root: { id: 'root', message: null, parent: null, children: [] } },
          current_node: 'root',
        },
      ]),
    ).toBe('conversations.json: no conversation has messages to import ("Empty": it has no visible messages)');
  });
});
