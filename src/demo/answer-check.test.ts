import { describe, expect, it } from 'vitest';
import { createHarness } from '../agent/test-harness.ts';
import { builtinTools } from '../tools/registry.ts';
import { demoTestModel } from './demo-test-model.ts';

async function runChecked(question: string, protocol: 'tools' | 'react' | 'json', answerCheck = true) {
  const tools = builtinTools.filter((tool) => tool.name === 'date_calc' || tool.name === 'calculator');
  const harness = createHarness({
    protocol,
    answerCheck,
    model: demoTestModel(),
    tools,
    history: [{ role: 'user', content: question }],
    runInput: question,
  });
  const result = await harness.run();
  const draft = result.entries.find((entry) => entry.message.role === 'assistant' && entry.meta?.draftOf);
  return { harness, result, draft, answer: result.entries.at(-1)?.message.content ?? '' };
}

describe('the demo model shows the answer check catching a careless draft', () => {
  for (const protocol of ['tools', 'react', 'json'] as const) {
    it(`misstates the calculator's result, is caught and revises (${protocol})`, async () => {
      const { harness, result, draft, answer } = await runChecked('Answer check demo: what is 1234 * 56?', protocol);
      expect(result).toMatchObject({ outcome: 'done', reason: 'final-answer' });
      expect(draft?.message.content).toContain('69140');
      expect(draft?.meta?.checkClaims?.[0]).toBe('1234*56 = 69140 ≠ 69104 (calculator)');
      expect(answer).toContain('69104');
      expect(answer).not.toContain('69140');
      const reflection = harness.tracer.only('reflection');
      expect(reflection.attributes['reflection.verdict']).toBe('not supported');
      expect(reflection.attributes['reflection.claims']).toEqual([
        'The answer says 1234*56 = 69140, but calculator returned 69104.',
      ]);
    });
  }

  it('does the same in Chinese, with a date', async () => {
    const { draft, answer, harness } = await runChecked('答案检查演示：2024年5月20日150天后是星期几？', 'tools');
    expect(draft?.message.content).toContain('2024-10-18');
    expect(answer).toContain('2024-10-17');
    expect(answer).not.toContain('2024-10-18');
    expect(harness.tracer.only('reflection').attributes['reflection.claims']).toEqual([
      '答案写的是 2024-10-18，但 date_calc 返回的是 2024-10-17。',
    ]);
  });

  it('passes a correct answer: the verdict is supported and nothing is revised', async () => {
    const { result, draft, harness } = await runChecked('What is 1234 * 56?', 'tools');
    expect(draft).toBeUndefined();
    expect(result.entries.at(-1)?.message.content).toContain('69104');
    expect(harness.tracer.only('reflection').attributes['reflection.verdict']).toBe('supported');
  });

  it('keeps the careless draft when the check is off', async () => {
    const { answer, harness } = await runChecked('Answer check demo: what is 1234 * 56?', 'tools', false);
    expect(answer).toContain('69140');
    expect(harness.tracer.spans.some((span) => span.kind === 'reflection')).toBe(false);
  });
});
