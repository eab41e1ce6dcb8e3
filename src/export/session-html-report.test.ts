// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FileSession } from '../db/session-file-schema.ts';
import { SHARED_DATA_TAG, sharedPath } from '../testing/shared-data.ts';
import { REPORT_CSP, sessionHtmlReport } from './session-html-report.ts';
import { sessionWithToolCall } from './test-session.ts';

// Real payloads from the test suites of markdown-it, commonmark.js, micromark, react-markdown and DOMPurify.
const payloads = () =>
  (
    JSON.parse(readFileSync(sharedPath('real-data', 'xss-payloads.json'), 'utf8')) as {
      id: string;
      payload: string;
    }[]
  ).map((vector) => vector.payload);

const URL_ATTRIBUTES = [
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'srcset',
  'poster',
  'background',
  'data',
  'ping',
];

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** Everything in a report (its text and its parsed document) that could run script or load something. */
function liveContent(html: string, document = parse(html)): string[] {
  const found: string[] = [];
  if (/<script/i.test(html)) found.push('<script');
  for (const element of document.querySelectorAll(
    'script, iframe, frame, object, embed, base, link, form, img, svg, math, a',
  )) {
    found.push(`<${element.tagName.toLowerCase()}>`);
  }
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${element.tagName.toLowerCase()}[${name}]`);
      if (URL_ATTRIBUTES.includes(name)) found.push(`${element.tagName.toLowerCase()}[${name}]`);
      if (/javascript:/i.test(attribute.value))
        found.push(`${element.tagName.toLowerCase()}[${name}=${attribute.value}]`);
    }
  }
  const metas = [...document.querySelectorAll('meta[http-equiv]')].map((meta) => meta.getAttribute('content'));
  if (metas.length !== 1 || metas[0] !== REPORT_CSP) found.push(`csp: ${metas.join(' | ')}`);
  return found;
}

/** The one-run session with `payload` in every message and span field; its ids made unique by `index`. */
function payloadSession(payload: string, index: number): FileSession {
  const session = sessionWithToolCall({
    user: payload,
    answer: payload,
    reasoning: payload,
    args: payload,
    result: payload,
  });
  const id = (value: string) => `${index}-${value}`;
  return {
    ...session,
    messages: session.messages.map((entry) => ({ ...entry, id: id(entry.id), runId: id(entry.runId) })),
    spans: session.spans.map((span) => ({
      ...span,
      spanId: id(span.spanId),
      runId: id(span.runId),
      ...(span.parentSpanId ? { parentSpanId: id(span.parentSpanId) } : {}),
      name: payload,
      attributes: { ...span.attributes, [payload]: payload },
    })),
  };
}

describe('sessionHtmlReport', () => {
  it('shows the chat, the span tree with a bar per span, span details and totals', () => {
    const html = sessionHtmlReport(sessionWithToolCall(), { exportedAt: '2025-06-15T00:00:00.000Z' });
    const document = parse(html);
    expect(document.title).toBe('Sums');
    const chat = document.querySelector('section[aria-label="Chat"]');
    expect([...(chat?.querySelectorAll('article') ?? [])].map((article) => article.getAttribute('aria-label'))).toEqual(
      ['User', 'Assistant', 'Tool result', 'Assistant'],
    );
    expect(chat?.textContent).toContain('17 × 23 = **391**.');
    expect(chat?.textContent).toContain('Reasoning: I should use the calculator.');
    expect(chat?.querySelector('details summary')?.textContent).toBe('Tool call: calculator');
    const tree = document.querySelector('ul.tree');
    expect(tree?.querySelectorAll(':scope > li')).toHaveLength(1);
    expect(tree?.querySelectorAll(':scope > li > ul > li')).toHaveLength(2);
    const bars = [...document.querySelectorAll<HTMLElement>('.bar')].map((bar) => bar.getAttribute('style'));
    expect(bars).toEqual(['left:0.00%;width:100.00%', 'left:1.11%;width:21.11%', 'left:23.33%;width:10.00%']);
    const toolSpan = [...document.querySelectorAll('li.span')].find(
      (item) => item.querySelector('.name')?.textContent === 'tooltool calculator',
    );
    expect(toolSpan?.querySelector('details dl')?.textContent).toContain('tool.arguments');
    const totals = document.querySelector('dl.totals')?.textContent ?? '';
    expect(totals).toContain('120 / 30');
    expect(totals).toContain('900 ms');
    expect(liveContent(html, document)).toEqual([]);
  });

  // One report holds every payload (each in its own messages and spans) and is parsed once: jsdom builds a document in
  // milliseconds per report, and 111 reports parsed twice each took seconds under load. The fields a report has only
  // one of (title, export time, language) get a report per payload, without messages or spans, so each stays small.
  it(
    'stays inert for every real XSS payload in messages, reasoning, tool calls, results and spans',
    { tags: [SHARED_DATA_TAG] },
    () => {
      const PAYLOADS = payloads();
      expect(PAYLOADS.length).toBeGreaterThan(100);
      const sessions = PAYLOADS.map((payload, index) => payloadSession(payload, index));
      const report = sessionHtmlReport({
        ...sessionWithToolCall(),
        messages: sessions.flatMap((session) => session.messages),
        spans: sessions.flatMap((session) => session.spans),
      });
      const document = parse(report);
      expect(liveContent(report, document)).toEqual([]);
      // The text itself survives: the reader sees what the model wrote, each payload in its own message and span.
      const userTexts = [...document.querySelectorAll('article.user')].map(
        (article) => article.querySelector('.text')?.textContent,
      );
      expect(userTexts).toEqual(PAYLOADS.map((payload) => payload.trim()));
      const spanNames = [...document.querySelectorAll('li.span > details > summary > .name')].map(
        (name) => name.textContent,
      );
      expect(spanNames).toEqual(PAYLOADS.flatMap((payload) => [`run${payload}`, `llm${payload}`, `tool${payload}`]));
    },
  );

  it(
    'stays inert for every real XSS payload as the title, the export time and the language',
    { tags: [SHARED_DATA_TAG] },
    () => {
      for (const payload of payloads()) {
        const html = sessionHtmlReport(
          { ...sessionWithToolCall({ title: payload }), messages: [], spans: [] },
          { exportedAt: payload, language: payload },
        );
        const document = parse(html);
        expect({ payload, found: liveContent(html, document) }).toEqual({ payload, found: [] });
        // The reader sees the title as written (white space collapsed).
        expect(document.querySelector('h1')?.textContent).toBe(payload.replace(/\s+/g, ' ').trim() || 'Glassbox');
      }
    },
  );
});
