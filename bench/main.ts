// The benchmark suite of issue 9: drives the built app in headless Chromium against the scripted
// OpenAI-compatible server and prints every figure with its target. Started by `npm run bench`.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startMockLlmServer } from '../e2e/mock-llm/server.ts';
import { CHROMIUM_ARGS, chromiumPath } from './browser.ts';
import { consoleTable, evaluate, markdownTable, type BenchResults } from './report.ts';
import { coldLoadAndStream } from './scenario-cold-stream.ts';
import { evalsScale } from './scenario-evals.ts';
import { hugeAnswer } from './scenario-huge-answer.ts';
import { HUGE_EXPORT, hugeImport, writeHugeExport } from './scenario-huge-import.ts';
import { bigSession, writeBigSession } from './scenario-big-session.ts';
import type { BenchContext, Sample, SessionFixture } from './scenario-context.ts';
import { knowledgeIngest } from './scenario-knowledge-ingest.ts';
import { localModelSpeed } from './scenario-local-model.ts';
import { longSession } from './scenario-long-session.ts';
import { spansSession } from './scenario-spans-session.ts';
import { insightsScale } from './scenario-insights.ts';
import { queryDataScale, writeSalesCsv } from './scenario-query-data.ts';
import { syncScale } from './scenario-sync.ts';
import { syncSteps } from './scenario-sync-steps.ts';
import { semanticRecallScale } from './scenario-semantic-recall.ts';
import { knowledgeSearchScale } from './scenario-knowledge-search.ts';
import { teamRoute, teamSession } from './scenario-team.ts';
import { generateSessionFile, lastMessageMarker } from './session-files.ts';
import { startStaticServer } from './static-server.ts';

const benchDir = dirname(fileURLToPath(import.meta.url));

const SCENARIOS = {
  'cold-stream': coldLoadAndStream,
  'long-session': longSession,
  'spans-session': spansSession,
  'huge-import': hugeImport,
  insights: insightsScale,
  'query-data': queryDataScale,
  'semantic-recall': semanticRecallScale,
  team: teamSession,
  'big-session': bigSession,
  'huge-answer': hugeAnswer,
  'knowledge-ingest': knowledgeIngest,
  evals: evalsScale,
  'local-model': localModelSpeed,
  'knowledge-search': knowledgeSearchScale,
  sync: syncScale,
  'sync-steps': syncSteps,
} as const;
type ScenarioName = keyof typeof SCENARIOS;

/** Is this chat request a compaction summary call? Those get a short canned summary, not the queued answer. */
function isSummaryRequest(body: unknown): boolean {
  const messages = (body as { messages?: Array<{ role?: string; content?: unknown }> } | null)?.messages;
  const system = messages?.find((message) => message.role === 'system')?.content;
  return typeof system === 'string' && system.startsWith('You summarise');
}

async function writeFixture(
  directory: string,
  id: string,
  title: string,
  messages: number,
  spans = 0,
): Promise<SessionFixture> {
  const file = generateSessionFile({ id, title, messages, spans, seed: messages + spans });
  const path = join(directory, `${id}.json`);
  await writeFile(path, JSON.stringify(file));
  return { path, title, lastMarker: lastMessageMarker(file), messages };
}

/**
 * The export the sync scenario syncs: the 100 MB one (10+ minutes), or only `BENCH_SYNC_CONVERSATIONS` of its
 * conversations (e.g. 200: about a minute) to iterate on.
 */
function writeSyncExport(directory: string): ReturnType<typeof writeHugeExport> {
  const conversations = Number.parseInt(process.env.BENCH_SYNC_CONVERSATIONS ?? '', 10);
  if (!(conversations > 0)) return writeHugeExport(directory);
  return writeHugeExport(directory, { ...HUGE_EXPORT, conversations }, 'sync-conversations.json');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: process.env.BENCH_RUNS ?? '5' },
      only: { type: 'string', multiple: true },
      dist: { type: 'string', default: process.env.BENCH_DIST ?? join(tmpdir(), 'glassbox-bench-dist') },
      port: { type: 'string', default: process.env.BENCH_PORT ?? '0' },
      out: { type: 'string', default: join(benchDir, 'results.json') },
    },
  });
  const runs = Math.max(1, Number.parseInt(values.runs, 10) || 5);
  const names = (values.only?.length ? values.only : Object.keys(SCENARIOS)) as ScenarioName[];
  for (const name of names)
    if (!(name in SCENARIOS))
      throw new Error(`Unknown scenario ${name}; choose from ${Object.keys(SCENARIOS).join(', ')}`);

  const scratchDir = await mkdtemp(join(tmpdir(), 'glassbox-bench-'));
  const app = await startStaticServer(values.dist, Number(values.port));
  const mock = await startMockLlmServer({
    port: 0,
    route: (body) =>
      isSummaryRequest(body)
        ? { kind: 'reply', content: 'The user and the assistant discussed agents, traces, storage and rendering.' }
        : teamRoute(body),
  });
  const errors: string[] = [];
  const samples: Sample[] = [];
  try {
    const context: BenchContext = {
      appUrl: `${app.url}/`,
      distDir: values.dist,
      appRequests: () => app.requests,
      mock,
      scratchDir,
      log: (line) => console.log(line),
      fixtures: {
        long1000: await writeFixture(scratchDir, 'sess_bench_long', 'Bench 1,000 messages', 1000),
        small20: await writeFixture(scratchDir, 'sess_bench_small', 'Bench 20 messages', 20),
        medium200: await writeFixture(scratchDir, 'sess_bench_medium', 'Bench 200 messages', 200),
        huge2000: await writeFixture(scratchDir, 'sess_bench_huge', 'Bench 2,000 messages', 2000, 5000),
        ...(names.includes('huge-import') ? { hugeExport: await writeHugeExport(scratchDir) } : {}),
        ...(names.includes('sync') ? { syncExport: await writeSyncExport(scratchDir) } : {}),
        ...(names.includes('query-data') ? { salesCsv: await writeSalesCsv(scratchDir) } : {}),
        ...(names.includes('big-session') ? { bigSession: await writeBigSession(scratchDir) } : {}),
      },
    };
    for (let run = 1; run <= runs; run += 1) {
      const sample: Sample = {};
      for (const name of names) {
        console.log(`run ${run}/${runs}: ${name}`);
        mock.reset();
        try {
          Object.assign(sample, await SCENARIOS[name](context));
        } catch (error) {
          const message = `run ${run} ${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
          errors.push(message);
          console.log(`    failed: ${message}`);
        }
      }
      samples.push(sample);
    }
  } finally {
    await mock.close();
    await app.close();
    await rm(scratchDir, { recursive: true, force: true });
  }

  await writeResults(values.out, runs, samples, errors);
}

/** The results (every run's figures, the machine, the browser): to `out`, results.md beside it, and the console. */
async function writeResults(out: string, runs: number, samples: Sample[], errors: string[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const version = browser.version();
  await browser.close();
  const cpu = cpus();
  const results: BenchResults = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    browser: `headless Chromium ${version}`,
    runs,
    command: `npm run bench${runs === 5 ? '' : ` -- --runs ${runs}`}`,
    ...evaluate(samples),
    errors,
  };
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify({ ...results, samples }, null, 2)}\n`);
  await writeFile(join(dirname(out), 'results.md'), `${markdownTable(results)}\n`);
  console.log(`\n${consoleTable(results)}`);
  if (errors.length > 0) console.log(`\n${errors.length} scenario run(s) failed; see ${out}.`);
  console.log(`Results written to ${out}.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
