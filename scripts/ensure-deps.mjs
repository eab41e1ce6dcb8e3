// Installs npm dependencies when they are missing or older than the lock file. Node built-ins only:
// this runs before anything is installed.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Runs `npm ci` when node_modules is missing or stale. */
export function ensureDependencies(root) {
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  const stale =
    !existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000);
  if (!stale) return;
  console.log('› Installing dependencies (npm ci)…');
  execSync(existsSync(lock) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund', {
    cwd: root,
    stdio: 'inherit',
  });
}

/** The Chromium to drive: Debian's when present, else Playwright's own, else null. */
export function findChromium() {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Makes sure some Chromium exists: Debian's package when we are root on Debian, else Playwright's download. */
export function ensureChromium(root) {
  if (findChromium()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('› Installing Chromium (apt-get install chromium)…');
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
        stdio: 'inherit',
      });
      if (findChromium()) return;
    } catch {
      console.log("  apt-get could not install Chromium; trying Playwright's browser.");
    }
  }
  try {
    execSync('npx playwright install chromium', { cwd: root, stdio: 'inherit' });
  } catch {
    console.log('  No Chromium could be installed: the end-to-end tests will fail to launch a browser.');
  }
}
