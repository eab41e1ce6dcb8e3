import { use } from 'react';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { AnswerCitationsContext } from './citation-context.ts';

const CITATION = /\[\d{1,3}\]/u;
const CITATIONS = /\[\d{1,3}\]/gu;
/** Inside these a `[n]` is code or already a link: left alone. */
const SKIPPED = new Set(['code', 'pre', 'a']);

/** KaTeX's rendering of a formula: its brackets are maths, not citations. */
function isMath(element: Element): boolean {
  const className = element.properties.className;
  return Array.isArray(className) && className.some((name) => String(name).startsWith('katex'));
}

function splitText(value: string): ElementContent[] {
  const pieces: ElementContent[] = [];
  let last = 0;
  for (const match of value.matchAll(CITATIONS)) {
    if (match.index > last) pieces.push({ type: 'text', value: value.slice(last, match.index) });
    pieces.push({
      type: 'element',
      tagName: 'cite',
      properties: { dataCitation: match[0] },
      children: [{ type: 'text', value: match[0] }],
    });
    last = match.index + match[0].length;
  }
  if (last < value.length) pieces.push({ type: 'text', value: value.slice(last) });
  return pieces;
}

function mark(node: Root | Element): void {
  let split = false;
  for (const child of node.children) {
    if (child.type === 'text') split ||= CITATION.test(child.value);
    else if (child.type === 'element' && !SKIPPED.has(child.tagName) && !isMath(child)) mark(child);
  }
  // Most nodes hold no `[n]`: their children are left as they are.
  if (!split) return;
  const children: Array<RootContent | ElementContent> = [];
  for (const child of node.children) {
    if (child.type === 'text' && CITATION.test(child.value)) children.push(...splitText(child.value));
    else children.push(child);
  }
  node.children = children as typeof node.children;
}

/**
 * A rehype plugin marking every `[n]` of the answer's text (not in code or links) as a `cite` element; the `cite`
 * component decides whether it is a citation. The model cannot write a `cite` itself: raw HTML is shown as text.
 */
export function rehypeCitationMarks() {
  return (tree: Root) => mark(tree);
}

/**
 * A `[n]` of an answer: a button opening the Passage dialog when it matches a passage `search_knowledge` returned
 * in the answer's run, else the plain text it was.
 */
export function CitationMark({ label }: { label: string }) {
  const answer = use(AnswerCitationsContext);
  const passage = answer?.citations.get(label);
  if (!passage || !answer) return <>{label}</>;
  return (
    <button
      type="button"
      data-citation={passage.passageId}
      onClick={() => answer.open(passage)}
      className="mx-0.5 rounded px-0.5 align-baseline text-[0.85em] font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:bg-indigo-50 hover:decoration-indigo-600 dark:text-indigo-300 dark:decoration-indigo-700 dark:hover:bg-indigo-950"
    >
      {label}
    </button>
  );
}
