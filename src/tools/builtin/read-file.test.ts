import { describe, it, expect } from 'vitest';
import { createTestToolContext } from '../testing/create-test-tool-context.ts';
import { readFileTool } from './read-file.ts';

async function contextWithFiles() {
  const context = createTestToolContext({ sessionId: 'sess_a' });
  await context.stores.attachments.add({ sessionId: 'sess_a', name: 'Report.md', text: '# Q1\nRevenue grew 12%.' });
  await context.stores.attachments.add({
    sessionId: 'sess_a',
    name: 'data.csv',
    text: 'a,b\n1,2',
    mimeType: 'text/csv',
  });
  await context.stores.attachments.add({ sessionId: 'sess_b', name: 'secret.txt', text: 'other session' });
  return context;
}

const read = (
  args: { name: string; offset?: number; max_chars?: number },
  context: Awaited<ReturnType<typeof contextWithFiles>>,
) => readFileTool.execute(readFileTool.schema.parse(args), context);

describe('read_file', () => {
  it('reads an attachment by exact name', async () => {
    const context = await contextWithFiles();
    expect(await read({ name: 'data.csv' }, context)).toEqual({
      name: 'data.csv',
      mime_type: 'text/csv',
      size_bytes: 7,
      total_chars: 7,
      content: 'a,b\n1,2',
    });
  });

  it('falls back to a case-insensitive match', async () => {
    expect(await read({ name: 'report.MD' }, await contextWithFiles())).toMatchObject({
      name: 'Report.md',
      content: '# Q1\nRevenue grew 12%.',
    });
  });

  it('returns long content whole unless a range is asked for', async () => {
    const context = createTestToolContext();
    const text = 'x'.repeat(50_000) + 'END';
    await context.stores.attachments.add({ sessionId: context.sessionId, name: 'big.txt', text });
    expect(await read({ name: 'big.txt' }, context)).toMatchObject({ content: text, total_chars: 50_003 });
    expect(await read({ name: 'big.txt', offset: 49_998, max_chars: 4 }, context)).toMatchObject({
      content: 'xxEN',
      range: { offset: 49_998, end: 50_002, remaining_chars: 1 },
    });
    await expect(read({ name: 'big.txt', offset: 60_000 }, context)).rejects.toThrow('past the end');
  });

  it('lists the attached names when the name is unknown, and never reads other sessions', async () => {
    const context = await contextWithFiles();
    await expect(read({ name: 'secret.txt' }, context)).rejects.toThrow(
      'No attached file is named "secret.txt". Attached files: "Report.md", "data.csv".',
    );
  });

  it('says when nothing is attached', async () => {
    await expect(read({ name: 'a.txt' }, createTestToolContext())).rejects.toThrow(
      'no files are attached to this conversation',
    );
  });
});

describe('read_file without a name', () => {
  const readAny = (context: ReturnType<typeof createTestToolContext>) =>
    readFileTool.execute(readFileTool.schema.parse({}), context);

  it('reads the only attached file', async () => {
    const context = createTestToolContext();
    await context.stores.attachments.add({ sessionId: context.sessionId, name: 'notes.md', text: '# Plan' });
    expect(await readAny(context)).toMatchObject({ name: 'notes.md', content: '# Plan' });
  });

  it('lists the files when several are attached, and says to ask for one by name', async () => {
    const context = await contextWithFiles();
    expect(await readAny(context)).toEqual({
      attached_files: [
        { name: 'Report.md', mime_type: 'text/plain', size_bytes: 22 },
        { name: 'data.csv', mime_type: 'text/csv', size_bytes: 7 },
      ],
      note: 'Several files are attached; call read_file again with the name of the one you need.',
    });
  });

  it('says when nothing is attached', async () => {
    await expect(readAny(createTestToolContext())).rejects.toThrow('No files are attached to this conversation');
  });
});
