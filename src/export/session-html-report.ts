import type { FileSession } from '../db/session-file-schema.ts';
import { buildSpanTree, type SpanNode } from '../trace/build-span-tree.ts';
import { computeTotals, spanDurationMs } from '../trace/totals.ts';
import { formatDuration, formatTokens } from '../trace/format.ts';
import { ENGLISH_LABELS, messageHeading, type ReadableLabels } from './readable-labels.ts';
import { prettyJson, shownJson } from './session-markdown.ts';
import { sessionSources, sourcesHtml, sourcesWords, type SourcesWords } from './session-sources.ts';
import { sessionSpans, toolNameOf } from './session-parts.ts';

/** The report's only policy: nothing loads, nothing runs; inline styles and data: images only. */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made inert for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#18181b;background:#fafafa}
main{max-width:60rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
h2{font-size:1.15rem;margin:2rem 0 .75rem;border-bottom:1px solid #e4e4e7;padding-bottom:.25rem}
.meta{color:#71717a;font-size:.85rem;margin:0}
article{background:#fff;border:1px solid #e4e4e7;border-radius:.5rem;padding:.75rem 1rem;margin:.75rem 0}
article.user{background:#eef2ff;border-color:#c7d2fe}
article.tool{background:#f4f4f5}
article h3{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:#52525b;margin:0 0 .35rem}
.text{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
blockquote{margin:.25rem 0 .5rem;padding-left:.75rem;border-left:3px solid #d4d4d8;color:#52525b;white-space:pre-wrap}
pre{background:#18181b;color:#f4f4f5;padding:.6rem .75rem;border-radius:.375rem;overflow:auto;font:12.5px/1.45 ui-monospace,Menlo,Consolas,monospace;white-space:pre-wrap;overflow-wrap:anywhere}
dl.totals{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:.5rem;margin:0}
dl.totals div{background:#fff;border:1px solid #e4e4e7;border-radius:.375rem;padding:.4rem .6rem}
dt{color:#71717a;font-size:.75rem}dd{margin:0;font-weight:600}
ul.tree,ul.tree ul{list-style:none;margin:0;padding-left:1rem}
ul.tree{padding-left:0}
.span>details>summary{display:grid;grid-template-columns:minmax(12rem,1fr) 2fr 5rem;gap:.5rem;align-items:center;cursor:pointer;padding:.15rem 0}
.name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-size:.85rem}
.kind{font-size:.7rem;color:#71717a;margin-right:.35rem}
.lane{position:relative;height:.7rem;background:#f4f4f5;border-radius:.2rem}
.bar{position:absolute;top:0;bottom:0;min-width:2px;border-radius:.2rem;background:#6366f1}
.k-llm .bar{background:#0ea5e9}.k-tool .bar{background:#f59e0b}.s-error .bar{background:#dc2626}
.dur{font-size:.75rem;color:#52525b;text-align:right;font-variant-numeric:tabular-nums}
.attrs{margin:.25rem 0 .5rem 1rem;font-size:.8rem}
.attrs dt{font-family:ui-monospace,Menlo,Consolas,monospace}
.attrs dd{font-weight:400;margin:0 0 .35rem}
.attrs pre{margin:.15rem 0}
.error{color:#b91c1c}
.cut{color:#92400e;font-size:.8rem;margin:.15rem 0}
`;

function attributeValue(value: unknown, labels: ReadableLabels): string {
  const shown = typeof value === 'string' ? prettyJson(value, labels) : shownJson(value, labels);
  return shown.note ? `${shown.text}\n${shown.note}` : shown.text;
}

/** A preformatted block of JSON (or text), with the note when it was too deep to show whole. */
function preBlock(text: string, labels: ReadableLabels): string {
  const shown = prettyJson(text, labels);
  return `<pre>${escapeHtml(shown.text)}</pre>${shown.note ? `<p class="cut">${escapeHtml(shown.note)}</p>` : ''}`;
}

function spanDetails(node: SpanNode, labels: ReadableLabels): string {
  const { span } = node;
  const rows: string[] = [
    `<dt>status</dt><dd>${escapeHtml(span.status)}</dd>`,
    `<dt>span id</dt><dd>${escapeHtml(span.spanId)}</dd>`,
  ];
  if (span.error)
    rows.push(`<dt>error</dt><dd class="error">${escapeHtml(`${span.error.type}: ${span.error.message}`)}</dd>`);
  for (const [key, value] of Object.entries(span.attributes)) {
    const text = attributeValue(value, labels);
    rows.push(
      `<dt>${escapeHtml(key)}</dt><dd>${text.includes('\n') || text.length > 80 ? `<pre>${escapeHtml(text)}</pre>` : escapeHtml(text)}</dd>`,
    );
  }
  return `<dl class="attrs">${rows.join('')}</dl>`;
}

/** Position and width of a span's bar in its run, in percent (numbers only: nothing from the data reaches a style). */
function barStyle(node: SpanNode, runStart: number, runLength: number): string {
  const start = Math.max(0, node.span.startTime - runStart);
  const duration = spanDurationMs(node.span) ?? 0;
  const left = runLength > 0 ? Math.min(100, (start / runLength) * 100) : 0;
  const width = runLength > 0 ? Math.min(100 - left, (duration / runLength) * 100) : 100;
  return `left:${left.toFixed(2)}%;width:${width.toFixed(2)}%`;
}

function spanItem(node: SpanNode, runStart: number, runLength: number, labels: ReadableLabels): string {
  const { span } = node;
  const duration = spanDurationMs(span);
  const kind = /^[a-z]+$/.test(span.kind) ? span.kind : 'span';
  const status = /^[a-z]+$/.test(span.status) ? span.status : 'unknown';
  const children = node.children.length
    ? `<ul>${node.children.map((child) => spanItem(child, runStart, runLength, labels)).join('')}</ul>`
    : '';
  return (
    `<li class="span k-${kind} s-${status}"><details><summary>` +
    `<span class="name"><span class="kind">${escapeHtml(span.kind)}</span>${escapeHtml(span.name)}</span>` +
    `<span class="lane"><span class="bar" style="${barStyle(node, runStart, runLength)}"></span></span>` +
    `<span class="dur">${escapeHtml(duration === undefined ? '…' : formatDuration(duration))}</span>` +
    `</summary>${spanDetails(node, labels)}</details>${children}</li>`
  );
}

function runEnd(node: SpanNode): number {
  let end = node.span.endTime ?? node.span.startTime;
  for (const child of node.children) end = Math.max(end, runEnd(child));
  return end;
}

function messageArticles(session: FileSession, labels: ReadableLabels, words: SourcesWords): string {
  const articles: string[] = [];
  const sourcesOf = sessionSources(session);
  for (const entry of session.messages) {
    const { message } = entry;
    if (message.role === 'tool') {
      const name = entry.meta?.toolName ?? toolNameOf(session, message.tool_call_id) ?? labels.tool;
      const status = entry.meta?.toolStatus ? ` (${entry.meta.toolStatus})` : '';
      articles.push(
        `<article class="tool" aria-label="${escapeHtml(labels.toolResult)}"><h3>${escapeHtml(`${labels.toolResult}: ${name}${status}`)}</h3>` +
          `${preBlock(message.content, labels)}</article>`,
      );
      continue;
    }
    const role = messageHeading(entry, labels);
    const parts: string[] = [`<h3>${escapeHtml(role)}</h3>`];
    if (entry.reasoning?.trim())
      parts.push(
        `<blockquote><strong>${escapeHtml(labels.reasoning)}:</strong> ${escapeHtml(entry.reasoning.trim())}</blockquote>`,
      );
    const content = message.content ?? '';
    if (content.trim()) parts.push(`<p class="text">${escapeHtml(content.trim())}</p>`);
    const sources = sourcesHtml(sourcesOf(entry), words, escapeHtml);
    if (sources) parts.push(sources);
    if (message.role === 'assistant') {
      for (const call of message.tool_calls ?? []) {
        parts.push(
          `<details open><summary>${escapeHtml(`${labels.toolCall}: ${call.function.name}`)}</summary>` +
            `${preBlock(call.function.arguments, labels)}</details>`,
        );
      }
    }
    articles.push(`<article class="${message.role}" aria-label="${escapeHtml(role)}">${parts.join('')}</article>`);
  }
  return articles.join('\n');
}

function totalsList(session: FileSession, labels: ReadableLabels): string {
  const totals = computeTotals(sessionSpans(session));
  const item = (label: string, value: string) =>
    `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`;
  return (
    `<dl class="totals">` +
    item(labels.tokens, `${formatTokens(totals.inputTokens)} / ${formatTokens(totals.outputTokens)}`) +
    item(labels.duration, formatDuration(totals.durationMs)) +
    item(labels.runs, String(totals.runs)) +
    item(labels.llmCalls, String(totals.llmCalls)) +
    item(labels.toolCalls, String(totals.toolCalls)) +
    item(labels.errors, String(totals.errors)) +
    `</dl>`
  );
}

/**
 * A session as one self-contained HTML file for someone without Glassbox: the chat, the totals, and the span tree
 * with a waterfall bar per span and its details in `<details>`. Every piece of session data is escaped (message text
 * shows as written, not as Markdown); the file has no script at all and a CSP that loads nothing.
 */
export function sessionHtmlReport(
  session: FileSession,
  options: { labels?: ReadableLabels; exportedAt?: string; language?: string } = {},
): string {
  const labels = options.labels ?? ENGLISH_LABELS;
  const title = session.title.replace(/\s+/g, ' ').trim() || 'Glassbox';
  const forest = buildSpanTree(sessionSpans(session));
  const tree = forest.length
    ? `<ul class="tree">${forest
        .map((root) => {
          const start = root.span.startTime;
          return spanItem(root, start, runEnd(root) - start, labels);
        })
        .join('')}</ul>`
    : `<p class="meta">${escapeHtml(labels.noSpans)}</p>`;
  const language = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(options.language ?? '') ? options.language : 'en';
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body><main>',
    `<h1>${escapeHtml(title)}</h1>`,
    options.exportedAt ? `<p class="meta">${escapeHtml(`${labels.exportedAt} · ${options.exportedAt}`)}</p>` : '',
    `<section aria-label="${escapeHtml(labels.chat)}"><h2>${escapeHtml(labels.chat)}</h2>`,
    messageArticles(session, labels, sourcesWords(language === 'zh-CN' ? 'zh-CN' : 'en')),
    '</section>',
    `<section aria-label="${escapeHtml(labels.trace)}"><h2>${escapeHtml(labels.trace)}</h2>`,
    `<h3>${escapeHtml(labels.totals)}</h3>`,
    totalsList(session, labels),
    `<h3>${escapeHtml(labels.trace)}</h3>`,
    tree,
    '</section>',
    '</main></body>',
    '</html>',
    '',
  ].join('\n');
}
