import type { JsonSchema } from '../../model/model.ts';
import type { AnyTool } from '../../tools/define-tool.ts';
import { GbnfBuilder } from '../gbnf.ts';
import { decisionJsonSchema } from '../json-plan-decision.ts';
import { jsonPlan } from './json-plan.ts';
import type { WireProtocol } from './protocol.ts';

/** Bounds that keep a reply finite even from a model that never wants to stop (random weights, a loop). */
const GRAMMAR_BOUNDS = { maxStringChars: 500, maxItems: 10 } as const;
const MAX_ANSWER_CHARS = 4000;

/**
 * Grammar plan: JSON plan for models that sample locally (the in-browser model). The request carries a GBNF grammar
 * generated from the decision schema instead of `response_format`, so the sampler can only produce a valid
 * decision: one of `plan` (non-empty steps), `tool_call` (an enabled tool's name with arguments of its schema) or
 * `final`. Everything else (prompt, reading replies, corrections) is JSON plan's.
 */
export const grammarPlan: WireProtocol = {
  ...jsonPlan,
  name: 'grammar',
  buildRequest(input) {
    const { responseFormat: _schemaRequest, ...request } = jsonPlan.buildRequest(input);
    return { ...request, grammar: decisionGrammar(input.tools) };
  },
};

/** The decision schema's three shapes, each narrowed to the keys it uses, as one grammar. */
export function decisionGrammar(tools: readonly AnyTool[]): string {
  const schema = decisionJsonSchema(tools);
  const properties = schema.properties as Record<string, JsonSchema>;
  const argsSchemas = ((properties.args?.anyOf as JsonSchema[] | undefined) ?? []).slice(1);
  const optionalText: JsonSchema = { type: ['string', 'null'] };
  const shape = (keys: Record<string, JsonSchema>): JsonSchema => ({
    type: 'object',
    properties: { ...keys, memory_note: optionalText },
    required: Object.keys(keys),
  });
  const builder = new GbnfBuilder(GRAMMAR_BOUNDS);
  const plan = shape({
    type: { const: 'plan' },
    plan: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
    next: optionalText,
  });
  const calls = tools.map((tool, i) =>
    shape({
      type: { const: 'tool_call' },
      tool: { const: tool.name },
      args: argsSchemas[i] ?? { type: 'object', properties: {} },
      next: optionalText,
    }),
  );
  const final = shape({ type: { const: 'final' }, answer: { type: 'string', maxLength: MAX_ANSWER_CHARS } });
  const alternatives = [
    builder.schema(plan, 'plan-decision'),
    ...calls.map((call, i) => builder.schema(call, `call-${tools[i]?.name ?? i}`)),
    builder.schema(final, 'final-decision'),
  ];
  return builder.build(alternatives.join(' | '));
}
