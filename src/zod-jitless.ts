// The page's CSP forbids eval. Without this, zod probes `new Function` once on its first object parse (some modules
// parse at load, e.g. the default settings), and the browser reports the refused probe as a CSP violation. Imported
// first by src/main.tsx and by every module that parses at load (src/config/settings.ts): the bundler may put zod and
// such a module in a chunk that runs before the entry's own code, so the entry's import alone is not enough.
// The setting is zod's one global config, shared by `zod` and `zod/mini`: this takes it from the small build so the
// first load does not carry the full API (see src/config/settings.ts).
import { config } from 'zod/mini';

config({ jitless: true });
