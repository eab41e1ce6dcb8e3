// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPORT_CSP, sessionHtmlReport } from './session-html-report.ts';
import { sessionWithToolCall } from './test-session.ts';

// Real payloads from the test suites of markdown-it, commonmark.js, micromark, react-markdown and DOMPurify.
const PAYLOADS = (JSON.parse(readFileSync(resolve(process.cwd(), '../shared/real-data/xss-payloads.json'), 'utf8')) as { id: string; payload: string }[]).map(
  (vector) => vector.payload,
);

const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset', 'poster', 'background', 'data', 'ping'];

/** Everything in a parsed document that could run script or load something. */
function liveContent(html: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(html)) found.push('<script');
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const element of document.querySelectorAll('script, iframe, frame, object, embed, base, link, form, img, svg, math, a')) {
    found.push(`<${element.tagName.toLowerCase()}>`);
  }
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${element.tagName.toLowerCase()}[${name}]`);
      if (URL_ATTRIBUTES.includes(name)) found.push(`${element.tagName.toLowerCase()}[${name}]`);
      if (/javascript:/i.test(attribute.value)) found.push(`${element.tagName.toLowerCase()}[${name}=${attribute.value}]`);
    }
  }
  const metas = [...document.querySelectorAll('meta[http-equiv]')].map((meta) => meta.getAttribute('content'));
  if (metas.length !== 1 || metas[0] !== REPORT_CSP) found.push(`csp: ${metas.join(' | ')}`);
  return found;
}

describe('sessionHtmlReport', () => {
  it('shows the chat, the span tree with a bar per span, span details and totals', () => {
    const html = sessionHtmlReport(sessionWithToolCall(), { exportedAt: '2025-06-15T00:00:00.000Z' });
    const document = new DOMParser().parseFromString(html, 'text/html');
    expect(document.title).toBe('Sums');
    const chat = document.querySelector('section[aria-label="Chat"]');
    expect([...(chat?.querySelectorAll('article') ?? [])].map((article) => article.getAttribute('aria-label'))).toEqual([
      'User',
      'Assistant',
      'Tool result',
      'Assistant',
    ]);
    expect(chat?.textContent).toContain('17 × 23 = **391**.');
    expect(chat?.textContent).toContain('Reasoning: I should use the calculator.');
    expect(chat?.querySelector('details summary')?.textContent).toBe('Tool call: calculator');
    const tree = document.querySelector('ul.tree');
    expect(tree?.querySelectorAll(':scope > li')).toHaveLength(1);
    expect(tree?.querySelectorAll(':scope > li > ul > li')).toHaveLength(2);
    const bars = [...document.querySelectorAll<HTMLElement>('.bar')].map((bar) => bar.getAttribute('style'));
    expect(bars).toEqual(['left:0.00%;width:100.00%', 'left:1.11%;width:21.11%', 'left:23.33%;width:10.00%']);
    const toolSpan = [...document.querySelectorAll('li.span')].find((item) => item.querySelector('.name')?.textContent === 'tooltool calculator');
    expect(toolSpan?.querySelector('details dl')?.textContent).toContain('tool.arguments');
    const totals = document.querySelector('dl.totals')?.textContent ?? '';
    expect(totals).toContain('120 / 30');
    expect(totals).toContain('900 ms');
    expect(liveContent(html)).toEqual([]);
  });

  it('stays inert for every real XSS payload in messages, reasoning, tool calls, results, titles and spans', () => {
    expect(PAYLOADS.length).toBeGreaterThan(100);
    for (const payload of PAYLOADS) {
      const session = sessionWithToolCall({ user: payload, answer: payload, reasoning: payload, args: payload, result: payload, title: payload });
      session.spans.forEach((span) => {
        span.name = payload;
        span.attributes[payload] = payload;
      });
      const html = sessionHtmlReport(session, { exportedAt: payload, language: payload });
      expect({ payload, found: liveContent(html) }).toEqual({ payload, found: [] });
      // The text itself survives: the reader sees what the model wrote.
      const document = new DOMParser().parseFromString(html, 'text/html');
      expect(document.querySelector('article.user .text')?.textContent).toBe(payload.trim());
    }
  });
});
