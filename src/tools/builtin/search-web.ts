import { z } from 'zod';
import { containsCjk } from '../cjk.ts';
import { defineTool } from '../define-tool.ts';
import { searchWikipedia } from './search/wikipedia.ts';

/** `search_web`: encyclopedia search with short plain-text extracts (Wikipedia API, keyless). */
export const searchWebTool = defineTool({
  name: 'search_web',
  description: [
    "Searches Wikipedia and returns matching articles with their title, URL, a short snippet and the article's introduction as",
    'plain text. Use it for facts about people, places, organisations, events, science and other encyclopedic topics, and cite',
    'the URL. Use short keyword queries ("Eiffel Tower height"), not questions. Chinese queries search the Chinese Wikipedia.',
    'It does not know today\'s news or prices. Needs network access. Example: {"query": "Marie Curie", "limit": 3}.',
  ].join(' '),
  schema: z.object({
    query: z.string().trim().min(1).max(300).describe('Search keywords, e.g. "Great Wall of China length".'),
    limit: z.number().int().min(1).max(10).optional().describe('How many articles to return, 1–10 (default 5).'),
    language: z
      .string()
      .regex(/^[a-z]{2,3}(?:-[a-z]{2,8})?$/)
      .optional()
      .describe('Wikipedia language code such as en, zh, de, fr, ja. Default: zh for Chinese queries, otherwise en.'),
  }),
  async execute({ query, limit, language }, context) {
    const site = language ?? (containsCjk(query) ? 'zh' : 'en');
    const found = await searchWikipedia(context, site, query, limit ?? 5);
    return {
      query,
      source: `${site}.wikipedia.org`,
      total_hits: found.totalHits,
      ...(found.suggestion ? { did_you_mean: found.suggestion } : {}),
      results: found.results,
      ...(found.results.length === 0
        ? { message: `No ${site}.wikipedia.org article matched "${query}". Try fewer or different keywords.` }
        : {}),
    };
  },
});
