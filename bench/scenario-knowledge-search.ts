// search_knowledge over a 20,000-passage library (issue 40): the tool's own search (index built once, as the app
// keeps it until a document is added or deleted) timed per query, full text alone and fused with 20,000 vectors.
// Pure computation: it runs in the bench's Node (the same V8 as Chromium), not in the page.
import { performance } from 'node:perf_hooks';
import { createKnowledgeSearch, type PassageEmbedder } from '../src/knowledge/knowledge-search.ts';
import {
  MemoryKnowledgeStore,
  MemoryPassageVectors,
  type TestDocument,
} from '../src/knowledge/knowledge-test-helpers.ts';
import type { Sample } from './scenario-context.ts';
import { quantile } from './stats.ts';

export const KNOWLEDGE_PASSAGES = 20_000;
const DIMENSIONS = 384;

const WORDS = (
  'trace tree loop compiler guard interpreter type speculation native code register allocation bytecode method ' +
  'garden compost watering soil seed harvest tomato shed plot rain barrel member fee march season winter ' +
  'engine oil tyre pressure brake battery charge mileage service warranty road fuel ' +
  'invoice payment tax refund account ledger balance budget quarter report audit'
).split(' ');
const CHINESE = '字体渲染中文文档页面浇水堆肥地块会员工具发动机轮胎刹车电池发票付款税务预算报告审计'.split('');

/** A deterministic library: 200 documents of 100 passages (~600 characters each), one in five Chinese. */
function library(): MemoryKnowledgeStore {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const documents: TestDocument[] = [];
  for (let documentIndex = 0; documentIndex < KNOWLEDGE_PASSAGES / 100; documentIndex += 1) {
    const passages = Array.from({ length: 100 }, (_, index) => {
      if (documentIndex % 5 === 4) {
        const text = Array.from({ length: 200 }, () => CHINESE[Math.floor(random() * CHINESE.length)]).join('');
        return { text: `${text}。`, page: index + 1 };
      }
      const words = Array.from({ length: 90 }, () => WORDS[Math.floor(random() * WORDS.length)]);
      return { text: `${words.join(' ')}.`, page: index + 1 };
    });
    documents.push({ id: `doc${documentIndex}`, name: `document-${documentIndex}.pdf`, passages });
  }
  return new MemoryKnowledgeStore(documents);
}

/** Hashed word vectors: cheap, deterministic, and the same size as a small real embedding model's. */
const embedder: PassageEmbedder = {
  model: 'bench-hash-384',
  label: 'bench hash embedder',
  async embed(texts) {
    return texts.map((text) => {
      const vector = new Float32Array(DIMENSIONS);
      for (const word of text.split(/\s+/u)) {
        let hash = 2166136261;
        for (let index = 0; index < word.length; index += 1) hash = Math.imul(hash ^ word.charCodeAt(index), 16777619);
        const slot = (hash >>> 0) % DIMENSIONS;
        vector[slot] = (vector[slot] ?? 0) + 1;
      }
      return vector;
    });
  },
};

const QUERIES = [
  'how does the compiler guard type speculation in loops',
  'when to water the tomato plot',
  'tyre pressure and brake service',
  'tax refund for the quarter report',
  '中文字体渲染',
  '浇水 地块',
  'native register allocation',
  'compost shed member fee',
  'battery charge warranty',
  '预算报告审计',
];

async function timeQueries(run: (query: string) => Promise<unknown>, rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1)
    for (const query of QUERIES) {
      const start = performance.now();
      await run(query);
      times.push(performance.now() - start);
    }
  return times;
}

/** p95 of search_knowledge's search over 20,000 passages: words only, then fused with 20,000 vectors. */
export async function knowledgeSearchScale(): Promise<Sample> {
  const search = createKnowledgeSearch(library());
  const buildStart = performance.now();
  await search.search('warm up the index');
  const buildMs = performance.now() - buildStart;
  const fullText = await timeQueries((query) => search.search(query), 5);
  const meaning = { embedder, vectors: new MemoryPassageVectors() };
  await search.search('warm up the vectors', { meaning }); // embeds and stores the 20,000 passages once
  const fused = await timeQueries((query) => search.search(query, { meaning }), 5);
  const median = (times: number[]) => quantile(times, 0.5).toFixed(1);
  console.log(
    `    knowledge search: index built in ${buildMs.toFixed(0)} ms; ${fullText.length} queries each way; ` +
      `median ${median(fullText)} ms full text, ${median(fused)} ms fused`,
  );
  return {
    knowledgeSearchFullTextP95Ms: quantile(fullText, 0.95),
    knowledgeSearchFusedP95Ms: quantile(fused, 0.95),
  };
}
