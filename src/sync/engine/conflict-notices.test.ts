// What a conflict notice names when two devices change the same tool state or part of the settings while apart:
// the session's title or the part's id (the notice words it), never a sync document's id.
import { describe, expect, it } from 'vitest';
import { saveStep } from '../../db/save-step.ts';
import { loadSettings, saveSettings } from '../../db/settings.ts';
import { createSession } from '../../db/sessions.ts';
import { listToolState, setToolState } from '../../db/tool-state.ts';
import { couchServer, device, settingsFor, type Device } from './engine-test-helpers.ts';

async function apart(a: Device, b: Device, change: (side: Device, index: number) => Promise<void>) {
  await change(a, 0);
  await change(b, 1);
  a.engine.localChanged();
  b.engine.localChanged();
  for (const side of [a, b, a]) await side.engine.syncNow();
}

describe('conflict notices', () => {
  it('names the session whose tool state changed on two devices, and both keep the same state', async () => {
    const server = await couchServer();
    const a = await device();
    await createSession(a.db, { id: 'sess_todo', now: 1_000, title: 'Groceries' });
    await setToolState(a.db, 'sess_todo', 'todos', [{ text: 'milk', done: false }], 1_500);
    await a.engine.start(settingsFor(server.url));
    const b = await device();
    await b.engine.start(settingsFor(server.url));
    // As the to-do tool does inside a run: the state changes and the session's step is saved.
    await apart(a, b, async (side, index) => {
      await setToolState(side.db, 'sess_todo', 'todos', [{ text: index === 0 ? 'eggs' : 'bread', done: false }], 2_000);
      await saveStep(side.db, {
        sessionId: 'sess_todo',
        entries: [],
        spans: [],
        session: { updatedAt: 2_000 + index },
      });
    });
    const states = await Promise.all(
      [a, b].map(async (side) => (await listToolState(side.db, 'sess_todo')).map(({ key, value }) => ({ key, value }))),
    );
    expect(states[0]).toEqual(states[1]);
    const reported = [...a.conflicts, ...b.conflicts];
    expect(reported.length).toBeGreaterThan(0);
    for (const conflict of reported) expect(conflict).toEqual({ kind: 'tool-state', subject: 'Groceries' });
  });

  it('names the part of the settings two devices changed', async () => {
    const server = await couchServer();
    const a = await device();
    await a.engine.start(settingsFor(server.url));
    const b = await device();
    await b.engine.start(settingsFor(server.url));
    // Each device's first import is done: settings go out from here on.
    for (const side of [a, b]) await side.engine.syncNow();
    await apart(a, b, async (side, index) =>
      saveSettings(side.db, { ...(await loadSettings(side.db)), modelPrices: { m: { input: index + 1, output: 1 } } }),
    );
    const reported = [...a.conflicts, ...b.conflicts];
    expect(reported.length).toBeGreaterThan(0);
    for (const conflict of reported) expect(conflict).toEqual({ kind: 'setting', subject: 'settings:prices' });
    const prices = await Promise.all([a, b].map(async (side) => (await loadSettings(side.db)).modelPrices));
    expect(prices[0]).toEqual(prices[1]);
  });
});
