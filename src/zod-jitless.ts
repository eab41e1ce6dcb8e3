// The page's CSP forbids eval. Without this, zod probes `new Function` once on its first object parse (some modules
// parse at load, e.g. the default settings), and the browser reports the refused probe as a CSP violation. Imported
// first by src/main.tsx and by every module that parses at load (src/config/settings.ts): the bundler may put zod and
// such a module in a chunk that runs before the entry's own code, so the entry's import alone is not enough.
import { z } from 'zod';

z.config({ jitless: true });
