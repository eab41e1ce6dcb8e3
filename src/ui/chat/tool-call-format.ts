import type { TranscriptEntry } from '../../agent/transcript.ts';
import { showJson, type ShownJson } from '../../json/deep-json.ts';

/** Where a tool call stands, as its card shows it. */
export type ToolCallStatus =
  'preparing' | 'awaiting-approval' | 'running' | 'ok' | 'error' | 'denied' | 'cancelled' | 'no-result';

/** Derives a tool call's status from its result entry (if any) and the state of the run. */
export function toolCallStatus(input: {
  result: TranscriptEntry | undefined;
  awaitingApproval: boolean;
  /** The assistant message is still streaming (arguments may be incomplete). */
  streaming: boolean;
  /** A run is active in this session. */
  runActive: boolean;
}): ToolCallStatus {
  if (input.result) return input.result.meta?.toolStatus ?? 'ok';
  if (input.awaitingApproval) return 'awaiting-approval';
  if (input.streaming) return 'preparing';
  return input.runActive ? 'running' : 'no-result';
}

/** A duration the way the trace shows it: `812 ms`, `1.4 s`, `2 min 5 s`. */
export function formatDuration(milliseconds: number): string {
  if (!Number.isFinite(milliseconds) || milliseconds < 0) return '';
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  const seconds = milliseconds / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

function truncate(text: string, maxLength: number): string {
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Tool arguments on one line (`expression: "2+2"`), cut to `maxLength`; raw text while still partial JSON. */
export function compactArguments(argumentsJson: string, maxLength = 80): string {
  const parsed = parseJson(argumentsJson);
  if (!parsed.ok) return truncate(argumentsJson.replace(/\s+/g, ' ').trim(), maxLength);
  const value = parsed.value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const parts = Object.entries(value).map(([key, item]) => `${key}: ${oneLine(item, maxLength)}`);
    return truncate(parts.join(', '), maxLength);
  }
  return truncate(oneLine(value, maxLength), maxLength);
}

// A line is cut at `maxLength` characters, so no more levels than that can show (and deep data cannot overflow).
const oneLine = (value: unknown, maxLength: number): string =>
  value === undefined ? 'undefined' : showJson(value, { indent: 0, maxDepth: maxLength }).text;

/**
 * Text for a preformatted block: JSON objects and arrays pretty-printed (levels past the shown depth cut, with how
 * deep the data is), anything else as it is.
 */
export function prettyText(text: string): ShownJson {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return { text };
  const parsed = parseJson(trimmed);
  return parsed.ok ? showJson(parsed.value) : { text };
}

/** The first `maxLength` characters of a text on one line, for compact rows. */
export function previewText(text: string, maxLength = 160): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), maxLength);
}
