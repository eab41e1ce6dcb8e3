import { afterEach, describe, it, expect, vi } from 'vitest';
import { createTestToolContext } from '../testing/create-test-tool-context.ts';
import { createReplayFetch, hangingFetch, jsonResponse, offlineFetch } from '../testing/replay-fetch.ts';
import { searchWebTool } from './search-web.ts';
import {
  extractsEiffelTower,
  extractsGreatWallChinese,
  searchApiError,
  searchEiffelTower,
  searchGreatWallChinese,
  searchNoHitsWithSuggestion,
} from './test-data/wikipedia-responses.ts';

type SearchOutput = { results: { title: string; url: string; snippet: string; extract?: string }[] } & Record<
  string,
  unknown
>;
const search = (fetch: typeof globalThis.fetch, args: { query: string; limit?: number; language?: string }) =>
  searchWebTool.execute(searchWebTool.schema.parse(args), createTestToolContext({ fetch })) as Promise<SearchOutput>;

const isSearch = (url: URL) => url.searchParams.get('list') === 'search';
const isExtracts = (url: URL) => url.searchParams.get('prop') === 'extracts';

afterEach(() => {
  vi.useRealTimers();
});

describe('search_web', () => {
  it('searches Wikipedia and adds plain-text introductions', async () => {
    const fetch = createReplayFetch([
      { match: isSearch, respond: () => jsonResponse(searchEiffelTower) },
      { match: isExtracts, respond: () => jsonResponse(extractsEiffelTower) },
    ]);
    const output = await search(fetch, { query: 'Eiffel Tower', limit: 2 });
    expect(output).toMatchObject({ query: 'Eiffel Tower', source: 'en.wikipedia.org', total_hits: 6184 });
    expect(output.results.map((result) => [result.title, result.url])).toEqual([
      ['Eiffel Tower', 'https://en.wikipedia.org/wiki/Eiffel_Tower'],
      ['Gustave Eiffel', 'https://en.wikipedia.org/wiki/Gustave_Eiffel'],
    ]);
    const [tower, engineer] = output.results;
    expect(tower?.snippet).toBe(
      'The Eiffel Tower (/ˈaɪfəl/ EYE-fəl; French: tour Eiffel [tuʁ ɛfɛl] ) is a wrought-iron lattice tower on the Champ de Mars in Paris, France. It is named after the engineer Gustave "Eiffel" & his company',
    );
    expect(tower?.extract).toMatch(/^The Eiffel Tower \( EYE-fəl;.*1889 World's Fair.*\.$/);
    expect(tower?.extract?.length).toBeLessThanOrEqual(700);
    expect(tower?.extract).not.toContain('\n');
    expect(engineer?.extract).toContain('Garabit Viaduct');

    const [searchRequest, extractsRequest] = fetch.requests;
    expect(searchRequest?.origin).toBe('https://en.wikipedia.org');
    expect(Object.fromEntries(searchRequest?.searchParams ?? [])).toMatchObject({
      action: 'query',
      list: 'search',
      srsearch: 'Eiffel Tower',
      srlimit: '2',
      format: 'json',
      origin: '*',
    });
    expect(extractsRequest?.searchParams.get('pageids')).toBe('9232|160405');
    expect(extractsRequest?.searchParams.get('exintro')).toBe('1');
    expect(extractsRequest?.searchParams.get('explaintext')).toBe('1');
    expect(extractsRequest?.searchParams.get('origin')).toBe('*');
  });

  it('uses the Chinese Wikipedia for Chinese queries', async () => {
    const fetch = createReplayFetch([
      { match: isSearch, respond: () => jsonResponse(searchGreatWallChinese) },
      { match: isExtracts, respond: () => jsonResponse(extractsGreatWallChinese) },
    ]);
    const output = await search(fetch, { query: '长城' });
    expect(fetch.requests[0]?.hostname).toBe('zh.wikipedia.org');
    expect(fetch.requests[0]?.searchParams.get('srlimit')).toBe('5');
    expect(output.results[0]).toEqual({
      title: '长城',
      url: 'https://zh.wikipedia.org/wiki/%E9%95%BF%E5%9F%8E',
      snippet: '长城（英语：Great Wall），又稱萬里長城，是中國古代的軍事防禦工事，是一道高大、堅固而且連綿不斷的長垣',
      extract: '长城（英语：Great Wall），又称万里长城，是中国古代的军事防御工事。',
    });
  });

  it('honours an explicit language', async () => {
    const fetch = createReplayFetch([{ match: isSearch, respond: () => jsonResponse(searchNoHitsWithSuggestion) }]);
    await search(fetch, { query: 'Eiffelturm', language: 'de' });
    expect(fetch.requests[0]?.hostname).toBe('de.wikipedia.org');
    expect(() => searchWebTool.schema.parse({ query: 'x', language: 'evil.example.com/' })).toThrow();
  });

  it('returns no results with a suggestion instead of failing', async () => {
    const fetch = createReplayFetch([{ match: isSearch, respond: () => jsonResponse(searchNoHitsWithSuggestion) }]);
    const output = await search(fetch, { query: 'eifel towr' });
    expect(output).toMatchObject({ total_hits: 0, did_you_mean: 'eiffel tower', results: [] });
    expect(output.message).toContain('No en.wikipedia.org article matched "eifel towr"');
    expect(fetch.requests).toHaveLength(1);
  });

  it('keeps the snippets when the extracts request fails', async () => {
    const fetch = createReplayFetch([
      { match: isSearch, respond: () => jsonResponse(searchEiffelTower) },
      { match: isExtracts, respond: () => jsonResponse({ error: 'busy' }, 503) },
    ]);
    const output = await search(fetch, { query: 'Eiffel' });
    expect(output.results).toHaveLength(2);
    expect(output.results[0]?.extract).toBeUndefined();
    expect(output.results[0]?.snippet).toContain('wrought-iron');
  });

  it('reports an API error envelope as an unexpected response', async () => {
    const fetch = createReplayFetch([{ match: isSearch, respond: () => jsonResponse(searchApiError) }]);
    await expect(search(fetch, { query: 'x' })).rejects.toThrow('Wikipedia sent an unexpected search response');
  });

  it('says it needs the network when offline', async () => {
    await expect(search(offlineFetch, { query: 'Eiffel' })).rejects.toThrow(
      'search_web needs network access and could not reach Wikipedia (offline?)',
    );
  });

  it('gives up after 8 seconds', async () => {
    vi.useFakeTimers();
    const outcome = expect(search(hangingFetch, { query: 'Eiffel' })).rejects.toThrow('search_web timed out after 8 s');
    await vi.advanceTimersByTimeAsync(8000);
    await outcome;
  });

  it('validates limit', () => {
    expect(() => searchWebTool.schema.parse({ query: 'x', limit: 11 })).toThrow();
    expect(() => searchWebTool.schema.parse({ query: '   ' })).toThrow();
  });
});
