import { describe, expect, it } from 'vitest';
import { builtinTools } from '../tools/registry.ts';
import { sampleGbnf } from '../testing/gbnf-sampler.ts';
import { jsonSchemaToGbnf } from './gbnf.ts';
import { parseDecision } from './json-plan-decision.ts';
import { decisionGrammar, grammarPlan } from './protocols/grammar-plan.ts';

function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BOUNDS = { maxStringChars: 40, maxItems: 4 };

describe('jsonSchemaToGbnf', () => {
  it('samples only JSON values of the schema (required and optional keys, enums, nullable, arrays)', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string', enum: ['x', 'y'] },
        b: { type: ['integer', 'null'] },
        c: { type: 'array', items: { type: 'number' }, minItems: 1, maxItems: 3 },
        d: { type: 'boolean' },
      },
      required: ['b', 'c'],
    };
    const grammar = jsonSchemaToGbnf(schema, BOUNDS);
    const random = seeded(1);
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const value = JSON.parse(sampleGbnf(grammar, random)) as Record<string, unknown>;
      expect(Object.keys(value).filter((k) => !['a', 'b', 'c', 'd'].includes(k))).toEqual([]);
      expect(value.b === null || Number.isInteger(value.b)).toBe(true);
      expect(Array.isArray(value.c) && value.c.length >= 1 && value.c.length <= 3).toBe(true);
      if ('a' in value) expect(['x', 'y']).toContain(value.a);
      if ('d' in value) expect(typeof value.d).toBe('boolean');
      seen.add(Object.keys(value).join(','));
    }
    // Optional keys are sometimes there and sometimes not.
    expect(seen.size).toBeGreaterThan(2);
  });

  it('with no required key, allows the empty object and any subset in order', () => {
    const grammar = jsonSchemaToGbnf(
      { type: 'object', properties: { p: { type: 'null' }, q: { type: 'null' } } },
      BOUNDS,
    );
    const random = seeded(2);
    const samples = new Set(Array.from({ length: 200 }, () => sampleGbnf(grammar, random)));
    expect([...samples].sort()).toEqual(['{"p":null,"q":null}', '{"p":null}', '{"q":null}', '{}'].sort());
  });

  it('bounds strings so a reply always ends', () => {
    const grammar = jsonSchemaToGbnf({ type: 'string' }, { maxStringChars: 5, maxItems: 1 });
    const random = seeded(3);
    for (let i = 0; i < 200; i++) {
      const text = JSON.parse(sampleGbnf(grammar, random, 0.01)) as string;
      expect(text.length).toBeLessThanOrEqual(5);
    }
  });
});

describe('grammar plan', () => {
  it('every string its grammar allows is a valid decision for the built-in tools', () => {
    const grammar = decisionGrammar(builtinTools);
    const random = seeded(39);
    const types = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const sample = sampleGbnf(grammar, random);
      const parsed = parseDecision(sample, builtinTools);
      if (!parsed.ok) throw new Error(`${parsed.problem}\n${sample}`);
      types.add(parsed.decision.type);
    }
    expect([...types].sort()).toEqual(['final', 'plan', 'tool_call']);
  });

  it('asks with a grammar and no response_format, and reads replies as JSON plan does', () => {
    const request = grammarPlan.buildRequest({
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [],
    });
    expect(request.responseFormat).toBeUndefined();
    expect(request.grammar).toMatch(/^root ::= /);
    expect(request.messages[0]?.content).toContain('Be brief.');
    const decision = grammarPlan.interpret({
      response: { text: '{"type":"final","answer":"Hello"}', reasoning: '', toolCalls: [], finishReason: 'stop' },
      tools: [],
      callIdPrefix: 'c',
      freshCallIds: false,
      afterCorrection: false,
    });
    expect(decision).toMatchObject({ type: 'final', answer: 'Hello' });
  });
});
