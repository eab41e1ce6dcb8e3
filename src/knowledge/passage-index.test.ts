import { describe, expect, it } from 'vitest';
import { buildPassageIndex, createPassageIndex } from './passage-index.ts';
import type { Passage } from './knowledge-types.ts';

function passage(documentId: string, ordinal: number, text: string, page?: number): Passage {
  return { id: `${documentId}:${ordinal}`, documentId, ordinal, text, ...(page === undefined ? {} : { page }) };
}

const passages: Passage[] = [
  passage('trace', 0, 'Trace trees are recorded for hot loops; the tracing JIT compiles each loop to native code.', 1),
  passage(
    'trace',
    1,
    'Type speculation guards every trace: when a guard fails, execution exits to the interpreter.',
    2,
  ),
  passage('trace', 2, 'The evaluation measures SunSpider benchmarks on the interpreter and the JIT.', 9),
  passage('garden', 0, 'Tomatoes need full sun and regular watering in summer.'),
  passage('garden', 1, 'Prune the roses in late winter, before the buds open.'),
  passage('zh', 0, '本文介绍了字体渲染的问题：某些中文字体在 PDF 中无法正确显示。', 1),
  passage('zh', 1, '天气预报说明天会下雨，请带伞。', 2),
];

describe('the passage index (BM25 over the project tokeniser)', () => {
  const index = createPassageIndex(passages);

  it('ranks the passage sharing the rare words of an English query first', () => {
    const hits = index.search('how does the JIT compile hot loops?', { limit: 5 });
    expect(hits[0]?.passage.id).toBe('trace:0');
    expect(hits[0]?.matched).toEqual(expect.arrayContaining(['hot', 'loops', 'jit']));
    expect(hits.map((hit) => hit.passage.documentId)).not.toContain('garden');
  });

  it('leaves stopwords out of the query', () => {
    expect(index.queryTerms('what is the watering of tomatoes?')).toEqual(['watering', 'tomatoes']);
    expect(index.search('what is the', { limit: 5 }).length).toBeGreaterThan(0); // only stopwords: searched as is
  });

  it('finds Chinese passages by a Chinese query (characters and character pairs)', () => {
    const hits = index.search('中文字体显示问题', { limit: 3 });
    expect(hits[0]?.passage.id).toBe('zh:0');
    expect(hits[0]?.matched).toEqual(expect.arrayContaining(['中文', '字体']));
  });

  it('matches a longer word by a prefix of three letters or more, at half weight', () => {
    const hits = index.search('speculat', { limit: 3 });
    expect(hits[0]?.passage.id).toBe('trace:1');
    expect(hits[0]?.matched).toEqual(['speculat…']);
    const exact = index.search('speculation', { limit: 3 });
    expect(exact[0]?.score).toBeGreaterThan(hits[0]?.score ?? Infinity);
  });

  it('searches only the documents given', () => {
    const hits = index.search('interpreter loops sun', { limit: 10, documentIds: new Set(['garden']) });
    expect(hits.map((hit) => hit.passage.id)).toEqual(['garden:0']);
  });

  it('returns nothing for a query without terms or over an empty library', () => {
    expect(index.search('?!', { limit: 5 })).toEqual([]);
    expect(createPassageIndex([]).search('loops', { limit: 5 })).toEqual([]);
  });

  it('ranks a passage holding more of the query above one repeating a single word', () => {
    const index2 = createPassageIndex([
      passage('a', 0, 'guard guard guard guard guard guard'),
      passage('a', 1, 'a failed guard exits the trace'),
      passage('a', 2, 'unrelated words about gardens'),
    ]);
    expect(index2.search('guard trace', { limit: 2 })[0]?.passage.id).toBe('a:1');
  });
});

describe('building the index in slices', () => {
  it('yields to the page between slices and finds the same passages as the one-pass build', async () => {
    const many = Array.from({ length: 1200 }, (_, index) =>
      passage('big', index, index === 1100 ? 'the rare zeppelin passage' : `filler text number ${index}`),
    );
    let yields = 0;
    const sliced = await buildPassageIndex(many, async () => {
      yields += 1;
    });
    expect(yields).toBe(2);
    const whole = createPassageIndex(many);
    expect(sliced.search('zeppelin filler', { limit: 3 })).toEqual(whole.search('zeppelin filler', { limit: 3 }));
    expect(sliced.search('zeppelin', { limit: 1 })[0]?.passage.id).toBe('big:1100');
  });
});
