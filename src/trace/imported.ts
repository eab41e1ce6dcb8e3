import { ATTR } from './attributes.ts';
import type { Span } from './span.ts';

/** Whether a session's spans came from an imported trace file: such a session is read only (nothing runs it). */
export function isImportedTrace(spans: readonly Span[]): boolean {
  return spans.some((span) => span.parentSpanId === undefined && span.attributes[ATTR.importSource] === 'otlp');
}
