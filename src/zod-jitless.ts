// The page's CSP forbids eval. Without this, zod probes `new Function` once on its first object parse (some modules
// parse at load, e.g. the default settings), and the browser reports the refused probe as a CSP violation. Imported
// first by src/main.tsx.
import { z } from 'zod';

z.config({ jitless: true });
