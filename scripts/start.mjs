// `npm start`: installs what is missing, builds, and serves the app on localhost.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './ensure-deps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureDependencies(root);

console.log('› Building…');
const build = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const port = process.env.PORT ?? '4173';
const server = spawn(
  join(root, 'node_modules', '.bin', 'vite'),
  ['preview', '--host', '127.0.0.1', '--port', port, '--strictPort'],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
let announced = false;
server.stdout.on('data', (chunk) => {
  if (!announced && /Local/.test(String(chunk))) {
    announced = true;
    console.log(`\nGlassbox is running at http://127.0.0.1:${port}/`);
    console.log('It opens on the offline demo model. Press Ctrl+C to stop.');
    console.log('To try a real HTTP endpoint without a model, run `npm run mock-llm` in another terminal.');
  }
});
server.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
