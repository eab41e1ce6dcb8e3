import { startMockLlmServer } from './server.ts';

interface CliOptions {
  port: number;
  host: string;
  chunkDelayMs: number;
  strictCors: boolean;
}

const USAGE = `Usage: npm run mock-llm -- [--port 11435] [--host 127.0.0.1] [--delay 15] [--strict-cors]

Runs the Glassbox scripted demo model as a local OpenAI-compatible server.
  --port         port to listen on (default 11435; 0 picks a free one)
  --host         address to bind (default 127.0.0.1)
  --delay        milliseconds between streamed chunks (default 15)
  --strict-cors  allow only the authorization and content-type request headers`;

function parseArguments(argv: string[]): CliOptions | string {
  const options: CliOptions = { port: 11435, host: '127.0.0.1', chunkDelayMs: 15, strictCors: false };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    const [flag, inline] = argument.includes('=')
      ? [argument.slice(0, argument.indexOf('=')), argument.slice(argument.indexOf('=') + 1)]
      : [argument, undefined];
    const value = (): string | undefined => inline ?? argv[++index];
    switch (flag) {
      case '--port': {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          return `--port must be an integer from 0 to 65535.\n\n${USAGE}`;
        options.port = port;
        break;
      }
      case '--host': {
        const host = value();
        if (!host) return `--host needs a value.\n\n${USAGE}`;
        options.host = host;
        break;
      }
      case '--delay': {
        const delay = Number(value());
        if (!Number.isFinite(delay) || delay < 0)
          return `--delay must be a non-negative number of milliseconds.\n\n${USAGE}`;
        options.chunkDelayMs = delay;
        break;
      }
      case '--strict-cors':
        options.strictCors = true;
        break;
      case '--help':
      case '-h':
        return USAGE;
      default:
        return `Unknown option ${argument}.\n\n${USAGE}`;
    }
  }
  return options;
}

async function main(): Promise<void> {
  const parsed = parseArguments(process.argv.slice(2));
  if (typeof parsed === 'string') {
    const isHelp = parsed === USAGE;
    (isHelp ? console.log : console.error)(parsed);
    process.exitCode = isHelp ? 0 : 2;
    return;
  }
  let server;
  try {
    server = await startMockLlmServer(parsed);
  } catch (error) {
    const code = (error as { code?: string }).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${parsed.port} is already in use. Pick another with --port.`
        : `Could not start the mock server: ${String(error)}`,
    );
    process.exitCode = 1;
    return;
  }
  console.log(`Glassbox scripted model (OpenAI-compatible) listening on ${server.url}`);
  console.log('');
  console.log(
    `This is the same deterministic scripted demo model that runs offline inside the app — not an LLM. To use it, open Glassbox, ` +
      `go to Settings → Provider: Custom (OpenAI-compatible), set Base URL to ${server.url}, enter any API key, ` +
      `and use the model glassbox-demo. Every request and streamed chunk then travels over real HTTP, so you can watch it in the browser's network panel.`,
  );
  console.log('');
  console.log('Press Ctrl+C to stop.');
  const stop = (): void => {
    console.log('\nStopping the mock server…');
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
