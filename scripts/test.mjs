// `npm test`: installs what is missing, then type-check, lint, format check, unit + component tests, build, and
// Playwright end-to-end tests in Chromium against the built app. Prints one closing summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium, ensureDependencies } from './ensure-deps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.reports');
// Reports of an earlier run must not count in this one's summary.
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

ensureDependencies(root);
ensureChromium(root);

const bin = (name) => join(root, 'node_modules', '.bin', name);
const steps = [
  ['type-check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('oxlint'), ['-c', '.oxlintrc.json', '--deny-warnings', 'src', 'e2e', 'scripts']],
  [
    'format check',
    bin('prettier'),
    ['--check', '--log-level', 'warn', 'src', 'e2e', 'scripts', 'bench', 'public/*.js', '*.ts'],
  ],
  [
    'unit and component tests',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'vitest.json')}`],
  ],
  ['build', bin('vite'), ['build', '--logLevel', 'warn']],
  ['end-to-end tests', bin('playwright'), ['test']],
];

const only = process.argv.slice(2);
let failed = false;
for (const [name, command, args] of steps) {
  if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
  console.log(`\n› ${name}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  if (result.status !== 0) {
    console.log(`✗ ${name} failed (exit ${result.status ?? result.signal})`);
    failed = true;
    break;
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
const vitestReport = join(reports, 'vitest.json');
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
const playwrightReport = join(reports, 'playwright.json');
if (existsSync(playwrightReport)) {
  const stats = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats ?? {};
  counts.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  counts.failed += stats.unexpected ?? 0;
  counts.skipped += stats.skipped ?? 0;
}
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failed || counts.failed > 0 ? 1 : 0);
