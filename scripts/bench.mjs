// `npm run bench`: builds the app, then runs the benchmark suite of issue 9 (bench/main.ts) headless in
// Chromium and prints every figure with its target and a pass/miss mark; results go to bench/results.json.
// Options: --runs N (default 5, or BENCH_RUNS), --only cold-stream|long-session|spans-session|huge-import|insights|query-data|team|big-session|semantic-recall|huge-answer (repeatable),
// --no-build (measure the build already in BENCH_DIST), --dist DIR, --port N (0 = any free port).
// Sync scenario: BENCH_SYNC_CONVERSATIONS=N syncs N conversations of the 100 MB export (200: about a minute);
// BENCH_SYNC_PROFILE=1 adds a CPU profile of the receiving page and where its time goes.
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const distIndex = args.indexOf('--dist');
const dist = distIndex >= 0 ? args[distIndex + 1] : (process.env.BENCH_DIST ?? join(tmpdir(), 'glassbox-bench-dist'));
const skipBuild = args.includes('--no-build');
const forwarded = args.filter((arg) => arg !== '--no-build');
if (distIndex < 0) forwarded.push('--dist', dist);

if (!skipBuild) {
  console.log(`› building the app into ${dist}`);
  const build = spawnSync(
    join(root, 'node_modules', '.bin', 'vite'),
    ['build', '--logLevel', 'warn', '--emptyOutDir', '--outDir', dist],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log('› running the benchmark');
const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench', 'main.ts'), ...forwarded], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
