import { describe, expect, it } from 'vitest';
import { stringifyJson } from '../json/deep-json.ts';
import { openTestDb } from '../testing/fake-db.ts';
import { DEEP_SESSION, deepArrayText, deepObjectText, deepSessionFileText } from '../testing/deep-session.ts';
import { listMessages } from './messages.ts';
import { saveSettings } from './settings.ts';
import { defaultSettings } from '../config/settings.ts';
import { exportSessions, importParsed, parseImportFile } from './session-file.ts';
import { listSpans } from './spans.ts';
import { getToolState } from './tool-state.ts';

// Issue 35: a session file whose tool call and result are nested 100,000 levels deep (arrays and objects).
const DEPTH = 100_000;

let counter = 0;
const newId = (prefix: string) => `${prefix}_${(counter += 1)}`;

function parsed(text: string) {
  const result = parseImportFile(text, 'deep.json');
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('a session file nested 100,000 levels deep', () => {
  it('imports: nested attributes and tool state too deep to clone are kept as their JSON text', async () => {
    const db = await openTestDb();
    const result = await importParsed(db, parsed(deepSessionFileText(DEPTH)), { newId });
    expect(result.sessionIds).toEqual([DEEP_SESSION.id]);
    const messages = await listMessages(db, DEEP_SESSION.id);
    expect(messages[2]?.message.content).toBe(deepArrayText(DEPTH));
    const tool = (await listSpans(db, DEEP_SESSION.id)).find((span) => span.kind === 'tool');
    expect(tool?.attributes['tool.raw']).toBe(deepArrayText(DEPTH));
    expect(await getToolState(db, DEEP_SESSION.id, 'deep')).toBe(deepObjectText(DEPTH));
  });

  it('exports to a session file (secrets redacted at any depth) that imports again', async () => {
    const db = await openTestDb();
    await saveSettings(db, { ...defaultSettings, apiKey: 'sk-deep-secret-123' });
    // The secret at the bottom of the tool state's 100,000 objects (the last `1}` of the file).
    const file0 = deepSessionFileText(DEPTH);
    const at = file0.lastIndexOf('1}}}');
    const text = `${file0.slice(0, at)}"sk-deep-secret-123"${file0.slice(at + 1)}`;
    await importParsed(db, parsed(text), { newId });
    const file = await exportSessions(db, { sessionIds: [DEEP_SESSION.id], includeNotes: false, now: 0 });
    const exported = stringifyJson(file, 2) ?? '';
    expect(exported).not.toContain('sk-deep-secret-123');
    expect(exported).toContain('[redacted]');
    const again = parsed(exported);
    expect(again.sessions[0]?.messages[2]?.message.content).toBe(deepArrayText(DEPTH));
    const copy = await importParsed(db, again, { newId });
    expect(copy.copies).toBe(1);
  });
});
