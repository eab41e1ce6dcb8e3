import 'katex/dist/katex.min.css';
import rehypeKatex, { type Options as KatexOptions } from 'rehype-katex';
import remarkMath from 'remark-math';

// The math parser and KaTeX with its stylesheet and fonts (bundled, so math renders offline): a chunk of its own,
// loaded by math.ts only when a message holds math.

/** KaTeX never trusts the formula (no `\href`, `\url`, `\htmlClass`…), and a bad formula shows as its source (rehype-katex retries it with throwOnError off). */
const KATEX_OPTIONS: KatexOptions = { trust: false, strict: 'ignore', maxExpand: 1000, maxSize: 50 };

/** Only `$$…$$` is math: single dollars are rewritten beforehand by normaliseMath, which knows currency from math. */
export const remarkMathPlugin: [typeof remarkMath, { singleDollarTextMath: false }] = [
  remarkMath,
  { singleDollarTextMath: false },
];

export const rehypeKatexPlugin: [typeof rehypeKatex, KatexOptions] = [rehypeKatex, KATEX_OPTIONS];
