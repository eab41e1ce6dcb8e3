export type { Span, SpanKind, SpanStatus, SpanProcessor, SpanHandle, Tracer } from './span.ts';
export { ATTR, numberAttribute, stringAttribute, type AttributeKey } from './attributes.ts';
export { newTraceId, newSpanId, isTraceId, isSpanId, type RandomSource } from './ids.ts';
export { createTracer, type TracerOptions, type SessionTracer, type SpanError } from './tracer.ts';
export { createSpanRecorder, type SpanRecorder } from './span-recorder.ts';
export {
  buildSpanTree,
  flattenVisible,
  filterForest,
  isFilterActive,
  spanMatchesFilter,
  spanSearchText,
  allParentIds,
  ancestorIds,
  type SpanNode,
  type SpanAggregates,
  type SpanFilter,
  type VisibleRow,
  type ExpansionState,
} from './build-span-tree.ts';
export { computeTotals, totalsByRun, sessionTotals, spanDurationMs, type TraceTotals } from './totals.ts';
export { formatDuration, formatTokens, formatTokensCompact, formatClockTime } from './format.ts';
export {
  toOtlpRequest,
  OTLP_SPAN_KIND,
  OTLP_STATUS_CODE,
  type OtlpExportOptions,
  type OtlpExportTraceServiceRequest,
  type OtlpSpan,
  type OtlpAnyValue,
  type OtlpKeyValue,
} from './otlp.ts';
export { postOtlp, parseOtlpHeaders, otlpTracesUrl, type OtlpPostResult, type FetchLike } from './otlp-post.ts';
export { toUnixNanoString, toAnyValue } from './otlp-values.ts';
