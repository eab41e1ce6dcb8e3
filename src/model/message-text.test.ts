import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './message-text.ts';

describe('fillPlaceholders', () => {
  it('picks the English singular for a count of 1 and the plural otherwise', () => {
    const template = 'The endpoint lists {count} {count|model|models}.';
    expect(fillPlaceholders(template, { count: 1 })).toBe('The endpoint lists 1 model.');
    expect(fillPlaceholders(template, { count: 0 })).toBe('The endpoint lists 0 models.');
    expect(fillPlaceholders(template, { count: 3 })).toBe('The endpoint lists 3 models.');
    // A count already formatted for display counts too.
    expect(fillPlaceholders('{runs} {runs|run|runs}', { runs: '1' })).toBe('1 run');
    expect(fillPlaceholders('{runs} {runs|run|runs}', { runs: '1,200' })).toBe('1,200 runs');
  });

  it('leaves a plural of an unknown value as written', () => {
    expect(fillPlaceholders('{n} {n|item|items}', { count: 1 })).toBe('{n} {n|item|items}');
  });
});
