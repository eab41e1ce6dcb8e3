import { z } from 'zod';
import type { ToolContext } from '../../tool-context.ts';
import { ToolError } from '../../tool-error.ts';
import { fetchJson } from '../network/fetch-json.ts';
import { htmlToText, shortenText } from '../network/html-to-text.ts';

/** How long each Wikipedia request may take. */
export const WIKIPEDIA_TIMEOUT_MS = 8000;

/** Longest extract returned per article. */
export const MAX_EXTRACT_CHARS = 700;

/** One article found by a search. */
export interface WikipediaResult {
  title: string;
  url: string;
  snippet: string;
  extract?: string;
}

/** A search's findings. */
export interface WikipediaSearch {
  totalHits: number;
  suggestion?: string;
  results: WikipediaResult[];
}

const searchSchema = z.object({
  query: z.object({
    searchinfo: z.object({ totalhits: z.number().optional(), suggestion: z.string().optional() }).optional(),
    search: z.array(z.object({ title: z.string(), pageid: z.number(), snippet: z.string().optional() })),
  }),
});

const extractsSchema = z.object({
  query: z
    .object({
      pages: z.array(z.object({ pageid: z.number().optional(), title: z.string(), extract: z.string().optional() })),
    })
    .optional(),
});

const requestOptions = { toolName: 'search_web', service: 'Wikipedia', timeoutMs: WIKIPEDIA_TIMEOUT_MS };

/** The search API URL (keyless; `origin=*` makes it CORS-readable from any page). */
export function searchUrl(language: string, query: string, limit: number): string {
  return apiUrl(language, { list: 'search', srsearch: query, srlimit: String(limit), srprop: 'snippet' });
}

/** The URL fetching plain-text introductions of several pages at once. */
export function extractsUrl(language: string, pageIds: number[]): string {
  return apiUrl(language, {
    prop: 'extracts',
    exintro: '1',
    explaintext: '1',
    exlimit: String(Math.min(pageIds.length, 20)),
    pageids: pageIds.join('|'),
  });
}

/** The article URL for a title. */
export function articleUrl(language: string, title: string): string {
  const path = encodeURIComponent(title.replace(/ /g, '_')).replace(/%2F/g, '/').replace(/%3A/g, ':');
  return `https://${language}.wikipedia.org/wiki/${path}`;
}

/** Searches one language's Wikipedia and adds the introduction of each article found. */
export async function searchWikipedia(
  context: Pick<ToolContext, 'fetch' | 'signal'>,
  language: string,
  query: string,
  limit: number,
): Promise<WikipediaSearch> {
  const parsed = searchSchema.safeParse(await fetchJson(context, searchUrl(language, query, limit), requestOptions));
  if (!parsed.success) throw new ToolError('Wikipedia sent an unexpected search response.');
  const { search, searchinfo } = parsed.data.query;
  const extracts = search.length
    ? await fetchExtracts(
        context,
        language,
        search.map((hit) => hit.pageid),
      )
    : new Map<number, string>();
  return {
    totalHits: searchinfo?.totalhits ?? search.length,
    ...(searchinfo?.suggestion ? { suggestion: searchinfo.suggestion } : {}),
    results: search.map((hit) => {
      const extract = extracts.get(hit.pageid);
      return {
        title: hit.title,
        url: articleUrl(language, hit.title),
        snippet: htmlToText(hit.snippet ?? ''),
        ...(extract ? { extract: shortenText(extract, MAX_EXTRACT_CHARS) } : {}),
      };
    }),
  };
}

async function fetchExtracts(
  context: Pick<ToolContext, 'fetch' | 'signal'>,
  language: string,
  pageIds: number[],
): Promise<Map<number, string>> {
  const extracts = new Map<number, string>();
  let body: unknown;
  try {
    body = await fetchJson(context, extractsUrl(language, pageIds), requestOptions);
  } catch (error) {
    // The search already succeeded; without extracts the snippets still answer. Cancellation still propagates.
    if (context.signal.aborted) throw error;
    return extracts;
  }
  const parsed = extractsSchema.safeParse(body);
  for (const page of parsed.success ? (parsed.data.query?.pages ?? []) : []) {
    const text = page.extract?.replace(/\s+/g, ' ').trim();
    if (page.pageid !== undefined && text) extracts.set(page.pageid, text);
  }
  return extracts;
}

function apiUrl(language: string, parameters: Record<string, string>): string {
  const search = new URLSearchParams({
    action: 'query',
    format: 'json',
    formatversion: '2',
    origin: '*',
    ...parameters,
  });
  return `https://${language}.wikipedia.org/w/api.php?${search.toString()}`;
}
