// Diagnostic build: `npx vite build -c bench/analyze.vite.config.ts --outDir /tmp/x` prints what each chunk holds and
// the static import path from src/main.tsx to each heavy dependency (set TRACE_TARGETS to choose them).
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import base from '../vite.config.ts';

// Prints what each chunk of a production build is made of (rendered bytes per module, grouped).
function report(): Plugin {
  return {
    name: 'chunk-report',
    generateBundle(_options, bundle) {
      const entry = [...this.getModuleIds()].find((id) => id.endsWith('/src/main.tsx'));
      const targets = (
        process.env.TRACE_TARGETS ??
        'node_modules/openai/,node_modules/zod/,node_modules/react-markdown/,node_modules/minisearch/,src/demo/,src/agent/,src/context/'
      ).split(',');
      for (const target of targets) {
        const previous = new Map<string, string>();
        const queue = entry ? [entry] : [];
        let found: string | undefined;
        while (queue.length && !found) {
          const id = queue.shift() as string;
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) {
            if (previous.has(next) || next === entry) continue;
            previous.set(next, id);
            if (next.includes(target)) {
              found = next;
              break;
            }
            queue.push(next);
          }
        }
        const chain: string[] = [];
        for (let at = found; at; at = previous.get(at)) chain.unshift(at.replace(/^.*\/(src|node_modules)\//, '$1/'));
        console.log(`static path to ${target}: ${found ? chain.join(' → ') : 'none'}`);
      }
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const groups = new Map<string, number>();
        for (const [id, info] of Object.entries(chunk.modules)) {
          const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
          const key = match?.[1] ?? id.replace(/^.*\/src\//, 'src/').replace(/\/[^/]+$/, '/');
          groups.set(key, (groups.get(key) ?? 0) + info.renderedLength);
        }
        const total = [...groups.values()].reduce((a, b) => a + b, 0);
        console.log(
          `\n== ${chunk.fileName} ${(total / 1024).toFixed(1)} KB (isEntry ${chunk.isEntry}, imports ${chunk.imports.join(' ')}; dynamic ${chunk.dynamicImports.length})`,
        );
        for (const [key, size] of [...groups.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40))
          console.log(`${(size / 1024).toFixed(1).padStart(8)}  ${key}`);
      }
    },
  };
}

export default mergeConfig(base, defineConfig({ plugins: [report()] }));
