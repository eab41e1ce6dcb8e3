/** Issues 38–40: evals, the in-browser model and knowledge; typed where figures.ts spreads them (no import back). */
export const FEATURE_FIGURES = [
  {
    id: 'knowledgeIngestSlowdown',
    label: 'Knowledge, 1,000-page text PDF: ingest time ÷ pdf.js text-loop time (≤ 1.25 = ≥ 80% of its pages/s)',
    unit: 'ratio',
    max: 1.25,
    target: '≤ 1.25',
  },
  {
    id: 'knowledgeIngestFrameP95',
    label: 'Knowledge, 1,000-page text PDF: frame gap p95 while it is parsed',
    unit: 'ms',
    max: 33,
    target: '≤ 33 ms',
  },
  {
    id: 'knowledgeSearchFullTextP95Ms',
    label: 'search_knowledge over 20,000 passages, full text (BM25, index kept), p95 per query',
    unit: 'ms',
    max: 50,
    target: '≤ 50 ms',
  },
  {
    id: 'knowledgeSearchFusedP95Ms',
    label: 'search_knowledge over 20,000 passages fused with 20,000 vectors (384 dimensions), p95 per query',
    unit: 'ms',
    max: 100,
    target: '≤ 100 ms',
  },
  {
    id: 'evalsItemOverheadRatio',
    label:
      'experiment of 200 items × 2 variants at concurrency 4: per-item overhead over a plain chat run of the same exchange',
    unit: 'ratio',
    max: 0.1,
    target: '≤ 0.10 (10%)',
  },
  {
    id: 'evalsRunFrameP95',
    label: 'experiment of 200 items × 2 variants at concurrency 4: frame gap p95 while it runs (Evals dialog open)',
    unit: 'ms',
    max: 33,
    target: '≤ 33 ms',
  },
  {
    id: 'evalsGrid10kOpenMs',
    label: 'click Evals → results grid of 10,000 scored cells painted with its pass rates',
    unit: 'ms',
    max: 300,
    target: '≤ 300 ms',
  },
  {
    id: 'localSpeedShortfall',
    label:
      "in-browser GGUF model: generation tok/s through Glassbox short of wllama's own loop in a bare page (same file, threads, messages), 1 − Glassbox/bare",
    unit: 'ratio',
    max: 0.1,
    target: '≤ 0.10 (≥ 90% of bare)',
  },
  {
    id: 'localTtftOverheadMs',
    label: 'in-browser GGUF model: time to first token through Glassbox minus in the bare page',
    unit: 'ms',
    max: 50,
    target: '≤ 50 ms',
  },
  {
    id: 'localFrameGapP95',
    label: 'in-browser GGUF model: frame gap p95 while the model generates',
    unit: 'ms',
    max: 33,
    target: '≤ 33 ms',
  },
] as const;
