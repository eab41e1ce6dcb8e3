/**
 * Writes the tiny random-weight GGUF model used by the local-model e2e specs and bench:
 *   npx tsx scripts/write-tiny-gguf.ts out.gguf [--tools] [--q8] [--embedding 256] [--layers 4]
 */
import { writeFileSync } from 'node:fs';
import { writeTinyGguf } from '../src/testing/gguf-writer';

const args = process.argv.slice(2);
const out = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.match(/^--(embedding|layers)$/));
if (!out) {
  console.error('usage: tsx scripts/write-tiny-gguf.ts <out.gguf> [--tools] [--q8] [--embedding N] [--layers N]');
  process.exit(2);
}
const numberAfter = (flag: string): number | undefined => {
  const i = args.indexOf(flag);
  return i >= 0 ? Number(args[i + 1]) : undefined;
};
const bytes = writeTinyGguf({
  toolTemplate: args.includes('--tools'),
  quantisation: args.includes('--q8') ? 'Q8_0' : 'F32',
  embedding: numberAfter('--embedding'),
  layers: numberAfter('--layers'),
});
writeFileSync(out, bytes);
console.log(`${out}: ${bytes.length} bytes`);
