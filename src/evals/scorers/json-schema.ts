import { checkJsonSchema } from '../../tools/custom/json-schema-args.ts';
import { excerpt, makeScore, type Scorer } from './scorer-kit.ts';

/** The JSON an answer holds: the whole answer, else a fenced ```json block, else its outermost `{…}` or `[…]`. */
export function jsonInAnswer(answer: string): { ok: true; value: unknown } | { ok: false } {
  const candidates = [answer.trim()];
  const fenced = /```(?:json)?\s*\n([\s\S]*?)```/iu.exec(answer);
  if (fenced?.[1]) candidates.push(fenced[1].trim());
  for (const [open, close] of [
    ['{', '}'],
    ['[', ']'],
  ] as const) {
    const start = answer.indexOf(open);
    const end = answer.lastIndexOf(close);
    if (start !== -1 && end > start) candidates.push(answer.slice(start, end + 1));
  }
  for (const text of candidates) {
    try {
      return { ok: true, value: JSON.parse(text) as unknown };
    } catch {
      // The next candidate.
    }
  }
  return { ok: false };
}

/** `JSON Schema`: the answer's JSON is valid against the schema (the validator custom and MCP tools use). */
export const jsonSchemaScorer: Scorer = ({ answer }, config, { t }) => {
  let schema: unknown;
  try {
    schema = JSON.parse(config.text ?? '');
  } catch (error) {
    return makeScore('json-schema', 0, t('score.schemaBad', { reason: error instanceof Error ? error.message : '' }));
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return makeScore('json-schema', 0, t('score.schemaNotObject'));
  }
  const json = jsonInAnswer(answer);
  if (!json.ok) return makeScore('json-schema', 0, t('score.schemaNoJson', { answer: excerpt(answer) }));
  let issues;
  try {
    issues = checkJsonSchema(schema as Record<string, unknown>, json.value);
  } catch (error) {
    return makeScore('json-schema', 0, t('score.schemaBad', { reason: error instanceof Error ? error.message : '' }));
  }
  if (issues.length === 0) return makeScore('json-schema', 1, t('score.schemaPass'));
  const problems = issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
  return makeScore('json-schema', 0, t('score.schemaFail', { problems }));
};
