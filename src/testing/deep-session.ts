/**
 * Deeply nested JSON for tests (issue 35): V8 parses it, but JSON.stringify, structuredClone and recursive code
 * overflow the stack on it. Built as text, so building it needs no stack either.
 */

/** `depth` arrays nested in one another: `[[[…]]]` around `1`. */
export function deepArrayText(depth: number): string {
  return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

/** `depth` objects nested in one another: `{"a":{"a":…}}` around `1`. */
export function deepObjectText(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A deep array built in a loop (no parse needed). */
export function deepArray(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

/** A deep object built in a loop. */
export function deepObject(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

/** The ids of {@link deepSessionFileText}'s session. */
export const DEEP_SESSION = {
  id: 'sess_deep_nesting',
  title: 'Deeply nested tool result',
  runId: '1111111111111111',
  llmSpanId: '2222222222222222',
  toolSpanId: '3333333333333333',
  traceId: '44444444444444444444444444444444',
} as const;

/**
 * A valid Glassbox sessions file with one session whose tool call's arguments and result are JSON nested `depth`
 * levels deep (an array in the result, an object in the arguments), and whose tool span also carries the result as
 * nested data (not text) in one attribute, as a foreign file may.
 */
export function deepSessionFileText(depth: number): string {
  const { id, title, runId, llmSpanId, toolSpanId, traceId } = DEEP_SESSION;
  const argumentsText = deepObjectText(depth);
  const resultText = deepArrayText(depth);
  const message = (seq: number, body: string, extra = '') =>
    `{"id":"${id}_m${seq}","seq":${seq},"runId":"${runId}","createdAt":${1_700_000_000_000 + seq},"message":${body}${extra}}`;
  const messages = [
    message(0, '{"role":"user","content":"Fetch the nested data"}'),
    message(
      1,
      `{"role":"assistant","content":null,"tool_calls":[{"id":"call_deep","type":"function","function":{"name":"fetch_json","arguments":${JSON.stringify(argumentsText)}}}]}`,
      `,"spanId":"${llmSpanId}"`,
    ),
    message(
      2,
      `{"role":"tool","tool_call_id":"call_deep","content":${JSON.stringify(resultText)}}`,
      `,"spanId":"${toolSpanId}","meta":{"toolStatus":"ok","toolName":"fetch_json","durationMs":12}`,
    ),
    message(3, '{"role":"assistant","content":"The data is nested very deeply."}', `,"spanId":"${llmSpanId}"`),
  ];
  const span = (spanId: string, kind: string, name: string, start: number, attributes: string, parent = '') =>
    `{"traceId":"${traceId}","spanId":"${spanId}",${parent}"runId":"${runId}","kind":"${kind}","name":"${name}","startTime":${start},"endTime":${start + 50},"status":"ok","attributes":${attributes}}`;
  const spans = [
    span(runId, 'run', 'run', 1_700_000_000_000, '{"run.input":"Fetch the nested data"}'),
    span(
      llmSpanId,
      'llm',
      'glassbox-demo',
      1_700_000_000_001,
      '{"llm.request.model":"glassbox-demo"}',
      `"parentSpanId":"${runId}",`,
    ),
    span(
      toolSpanId,
      'tool',
      'fetch_json',
      1_700_000_000_010,
      `{"tool.name":"fetch_json","tool.call_id":"call_deep","tool.arguments":${JSON.stringify(argumentsText)},"tool.result":${JSON.stringify(resultText)},"tool.raw":${resultText}}`,
      `"parentSpanId":"${runId}",`,
    ),
  ];
  const session = `{"id":"${id}","title":"${title}","createdAt":1700000000000,"updatedAt":1700000000100,"status":"done","messages":[${messages.join(',')}],"spans":[${spans.join(',')}],"toolState":[{"key":"deep","value":${deepObjectText(depth)},"updatedAt":1700000000100}],"attachments":[]}`;
  return `{"format":"glassbox.sessions","version":1,"exportedAt":"2026-12-05T00:00:00.000Z","scope":"session","sessions":[${session}]}`;
}
