// A timing harness, not a test (no assertions on time): SYNC_SCALE_SESSIONS sessions × SYNC_SCALE_RUNS runs on device
// A, synced up, then synced down to an empty device B. Run only on purpose:
//   SYNC_SCALE=1 npx vitest run scripts/sync-scale.harness.test.ts
import PouchCore from 'pouchdb-core';
import { expect, it } from 'vitest';
import { startCouchServer } from '../e2e/couch-server/server.ts';
import { saveStep } from '../src/db/save-step.ts';
import { createSession, listSessions } from '../src/db/sessions.ts';
import { openTestDb } from '../src/testing/fake-db.ts';
import { createSyncEngine } from '../src/sync/engine/index.ts';
import type { PouchConstructor } from '../src/sync/engine/pouch.ts';

const Base = PouchCore as unknown as PouchConstructor & { defaults(o: Record<string, unknown>): PouchConstructor };
function devicePouch(prefix: string): PouchConstructor {
  const Local = Base.defaults({ adapter: 'memory', prefix });
  return Object.assign(
    function DevicePouch(name: string, options?: Record<string, unknown>) {
      return /^https?:/.test(name) ? new Base(name, options) : new Local(name, options);
    },
    { replicate: Base.replicate.bind(Base) },
  ) as unknown as PouchConstructor;
}

const SESSIONS = Number(process.env.SYNC_SCALE_SESSIONS ?? 100);
const RUNS = Number(process.env.SYNC_SCALE_RUNS ?? 30);

it.runIf(process.env.SYNC_SCALE)('first sync to an empty device', { timeout: 900_000 }, async () => {
  const server = await startCouchServer();
  await fetch(`${server.url}/glassbox`, { method: 'PUT' });
  const a = await openTestDb();
  const text = 'lorem ipsum dolor sit amet '.repeat(20);
  for (let s = 0; s < SESSIONS; s += 1) {
    const sessionId = `sess_${s}`;
    await createSession(a, { id: sessionId, now: 1000 });
    for (let r = 0; r < RUNS; r += 1) {
      const runId = `run_${s}_${r}`;
      const at = 2000 + r * 10;
      await saveStep(a, {
        sessionId,
        entries: [
          { id: `m_${runId}_q`, sessionId, runId, createdAt: at, message: { role: 'user', content: `q ${r} ${text}` } },
          {
            id: `m_${runId}_a`,
            sessionId,
            runId,
            createdAt: at + 1,
            message: { role: 'assistant', content: `a ${text}` },
          },
        ],
        spans: [],
        session: { status: 'done', updatedAt: at + 1 },
      });
    }
  }
  const settings = {
    url: server.url,
    database: 'glassbox',
    user: '',
    password: '',
    passphrase: 'a long passphrase',
    live: false,
  };
  const engineA = createSyncEngine({ db: a, PouchDB: devicePouch(`ha-${process.pid}-`), exportDelayMs: 0 });
  let t = performance.now();
  let cpu = process.cpuUsage();
  await engineA.start(settings);
  const pushMs = performance.now() - t;
  const pushCpu = process.cpuUsage(cpu);
  const info = (await (await fetch(`${server.url}/glassbox`)).json()) as { doc_count: number };
  const b = await openTestDb();
  const engineB = createSyncEngine({ db: b, PouchDB: devicePouch(`hb-${process.pid}-`), exportDelayMs: 0 });
  const live = Boolean(process.env.SYNC_SCALE_LIVE);
  let imports = 0;
  engineB.onRemoteChange(() => void (imports += 1));
  const idle = new Promise<void>((resolve) =>
    engineB.onStatus((status) => {
      if (status.state === 'idle') resolve();
    }),
  );
  t = performance.now();
  cpu = process.cpuUsage();
  await engineB.start({ ...settings, live });
  await idle;
  const pullMs = performance.now() - t;
  const pullCpu = process.cpuUsage(cpu);
  const cpuMs = (usage: NodeJS.CpuUsage) => ((usage.user + usage.system) / 1000).toFixed(0);
  const got = (await listSessions(b)).length;
  console.log(
    `SYNC-SCALE ${SESSIONS} sessions × ${RUNS} runs, ${info.doc_count} docs: A pushed in ${pushMs.toFixed(0)} ms (CPU ${cpuMs(pushCpu)} ms); B synced (live ${live}) in ${pullMs.toFixed(0)} ms (CPU ${cpuMs(pullCpu)} ms), ${got} sessions, ${imports} imports`,
  );
  expect(got).toBe(SESSIONS);
  await engineA.stop();
  await engineB.stop();
  await server.close();
});
