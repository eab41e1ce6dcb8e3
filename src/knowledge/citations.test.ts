import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../agent/transcript.ts';
import { citationsByRun, citedSources, splitCitations } from './citations.ts';

const result = (passages: unknown[]) => JSON.stringify({ query: 'q', passages });
const passage = (label: string, page: number) => ({
  label,
  document: 'tracemonkey.pdf',
  page,
  passage_id: `doc:${page}`,
  text: `text of page ${page}`,
});

function toolEntry(runId: string, content: string, toolName = 'search_knowledge', status?: 'ok' | 'error') {
  return {
    id: `msg_${Math.random()}`,
    sessionId: 's',
    runId,
    createdAt: 0,
    message: { role: 'tool', tool_call_id: 'call', content },
    meta: { toolName, ...(status ? { toolStatus: status } : {}) },
  } as TranscriptEntry;
}

describe('citations', () => {
  const entries = [
    toolEntry('run_1', result([passage('[1]', 3), passage('[2]', 5)])),
    toolEntry('run_1', result([passage('[1]', 9)]), 'search_notes'),
    toolEntry('run_2', result([passage('[1]', 7)])),
    toolEntry('run_2', 'No document named "x"', 'search_knowledge', 'error'),
    toolEntry('run_3', '{"passages": [{"label": "[1]", "document": 4}]}'),
  ];
  const runs = citationsByRun(entries);

  it('collects the passages search_knowledge returned, per run', () => {
    expect([...runs.keys()]).toEqual(['run_1', 'run_2']);
    expect(runs.get('run_1')?.get('[2]')).toMatchObject({ page: 5, passageId: 'doc:5' });
    expect(runs.get('run_2')?.get('[1]')?.page).toBe(7);
  });

  it('turns a valid [n] into a citation and leaves an invalid one as text', () => {
    const pieces = splitCitations('Loops are traced [1], guarded [2] and [7] is invented; [x] too.', runs.get('run_1'));
    expect(pieces.map((piece) => ('citation' in piece ? `<${piece.citation.page}>` : piece.text))).toEqual([
      'Loops are traced ',
      '<3>',
      ', guarded ',
      '<5>',
      ' and [7] is invented; [x] too.',
    ]);
  });

  it('cites nothing from another run', () => {
    expect(splitCitations('see [2]', runs.get('run_2'))).toEqual([{ text: 'see [2]' }]);
    expect(splitCitations('see [1]', undefined)).toEqual([{ text: 'see [1]' }]);
  });

  it('lists the sources cited, in the order first cited', () => {
    expect(
      citedSources('b [2], a [1], b again [2], none [4]', runs.get('run_1')).map((source) => source.label),
    ).toEqual(['[2]', '[1]']);
  });
});
