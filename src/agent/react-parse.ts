/** A text-ReAct reply, understood. */
export type ReactParseResult =
  | { type: 'final'; answer: string; thought?: string }
  | { type: 'action'; toolName: string; input: string; thought?: string }
  | { type: 'invalid'; problem: string };

type MarkerName = 'thought' | 'action' | 'action input' | 'observation' | 'final answer';

interface Marker {
  name: MarkerName;
  /** Where the marker's line starts. */
  start: number;
  /** Where the marker's content starts (after the colon). */
  contentStart: number;
}

// A marker starts a line, may be dressed in markdown (`**Action:**`, `### Final Answer:`, `- Thought:`), and
// takes an ASCII or full-width colon.
const MARKER =
  /^[ \t]*(?:[-*>#]+[ \t]*)?[*_`]*[ \t]*(thought|action[ \t_-]*input|action|observation|final[ \t_-]*answer)[ \t]*[*_`]*[ \t]*[:：][ \t]*[*_`]*/gim;

/**
 * Reads a text-ReAct reply tolerantly: code fences around the reply or the input, markdown-decorated and
 * full-width-colon markers, trailing text after the Action Input (including an invented Observation), and a
 * Final Answer that spans lines. The first Action wins over a later Final Answer.
 */
export function parseReactReply(raw: string): ReactParseResult {
  const text = unwrapWholeFence(raw.replace(/\r\n?/g, '\n')).trim();
  if (text === '') return { type: 'invalid', problem: 'The reply was empty.' };
  const markers = findMarkers(text);
  const contentOf = (index: number): string => {
    const marker = markers[index] as Marker;
    const next = markers[index + 1];
    return text.slice(marker.contentStart, next ? next.start : text.length);
  };
  const thought = thoughtBefore(text, markers, contentOf);

  const actionIndex = markers.findIndex((marker) => marker.name === 'action');
  const finalIndex = markers.findIndex((marker) => marker.name === 'final answer');

  if (actionIndex !== -1 && (finalIndex === -1 || actionIndex < finalIndex)) {
    const actionLine = contentOf(actionIndex).trim();
    const { toolName, inlineInput } = splitActionLine(actionLine);
    if (toolName === '') return { type: 'invalid', problem: 'The "Action:" line names no tool.' };
    const inputMarker = markers[actionIndex + 1];
    const input = inputMarker?.name === 'action input' ? contentOf(actionIndex + 1) : inlineInput;
    return { type: 'action', toolName, input: cleanInput(input), ...withThought(thought) };
  }
  if (finalIndex !== -1) {
    const answer = unwrapWholeFence(text.slice((markers[finalIndex] as Marker).contentStart).trim()).trim();
    return { type: 'final', answer, ...withThought(thought) };
  }
  if (markers.some((marker) => marker.name === 'action input')) {
    return { type: 'invalid', problem: 'The reply has an "Action Input:" line but no "Action:" line naming the tool.' };
  }
  return { type: 'invalid', problem: 'The reply has neither an "Action:" line nor a "Final Answer:" line.' };
}

function findMarkers(text: string): Marker[] {
  const markers: Marker[] = [];
  for (const match of text.matchAll(MARKER)) {
    const label = (match[1] as string).toLowerCase().replace(/[ \t_-]+/g, ' ');
    markers.push({ name: label as MarkerName, start: match.index, contentStart: match.index + match[0].length });
  }
  return markers;
}

/** The Thought content, or the untagged text before the first marker. */
function thoughtBefore(text: string, markers: Marker[], contentOf: (index: number) => string): string {
  const thoughtIndex = markers.findIndex((marker) => marker.name === 'thought');
  const firstDecision = markers.findIndex((marker) => marker.name === 'action' || marker.name === 'final answer');
  if (thoughtIndex !== -1 && (firstDecision === -1 || thoughtIndex < firstDecision))
    return contentOf(thoughtIndex).trim();
  const first = markers[0];
  return first ? text.slice(0, first.start).trim() : '';
}

function withThought(thought: string): { thought?: string } {
  return thought === '' ? {} : { thought };
}

/** `calculator`, `` `calculator` ``, `[calculator]`, `calculator {"expression": "1+1"}`, `calculator("1+1")`. */
function splitActionLine(line: string): { toolName: string; inlineInput: string } {
  const firstLine = (line.split('\n')[0] ?? '').trim();
  const rest = line.slice(line.indexOf(firstLine) + firstLine.length);
  const match = /^[`'"[(*]*([A-Za-z0-9_.-]+)[`'"\])*]*\s*(.*)$/.exec(firstLine);
  if (!match) return { toolName: firstLine.replace(/[`'"[\]*]/g, '').trim(), inlineInput: rest };
  let inline = (match[2] ?? '').trim();
  if (inline.startsWith('(') && inline.endsWith(')')) inline = inline.slice(1, -1);
  return { toolName: match[1] as string, inlineInput: `${inline}${rest}` };
}

/** The Action Input text: fences removed, cut after the first complete JSON object when it starts with one. */
function cleanInput(input: string): string {
  let text = input.trim();
  const fenced = /^```[^\n]*\n?([\s\S]*?)```/.exec(text);
  if (fenced) text = (fenced[1] ?? '').trim();
  else if (text.startsWith('`') && text.indexOf('`', 1) > 0) text = text.slice(1, text.indexOf('`', 1)).trim();
  if (text.startsWith('{')) {
    const end = endOfBalancedObject(text);
    if (end !== -1) return text.slice(0, end);
  }
  // Without JSON, the input is its first paragraph; more text is commentary.
  return (text.split(/\n\s*\n/)[0] ?? '').trim();
}

/** The index just past the `}` that closes the object opening at 0, or -1 when it never closes. */
function endOfBalancedObject(text: string): number {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

/** Removes a code fence that wraps the whole text (and nothing else). */
function unwrapWholeFence(text: string): string {
  const match = /^\s*```[^\n]*\n([\s\S]*?)\n?[ \t]*```\s*$/.exec(text);
  // Several fenced blocks are not one wrapper: leave them alone.
  if (!match || (match[1] as string).includes('```')) return text;
  return match[1] as string;
}
