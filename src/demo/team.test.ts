import { describe, expect, it } from 'vitest';
import { createHarness } from '../agent/test-harness.ts';
import { BUILTIN_AGENTS } from '../config/agents.ts';
import { createOpenAICompatibleModel } from '../model/openai-compatible-model.ts';
import { calculatorTool } from '../tools/builtin/calculator.ts';
import { DEMO_BASE_URL, DEMO_MODEL_ID, createDemoFetch } from './demo-fetch.ts';
import { TEAM_EXAMPLE } from './team.ts';

function demoModel() {
  return createOpenAICompatibleModel({
    provider: 'demo',
    baseUrl: DEMO_BASE_URL,
    apiKey: 'demo',
    model: DEMO_MODEL_ID,
    stream: true,
    timeoutMs: 30_000,
    fetch: createDemoFetch({ chunkDelayMs: 0 }),
  });
}

function roster() {
  return BUILTIN_AGENTS.filter((agent) => agent.name !== 'coder').map((agent) => ({
    name: agent.name,
    systemPrompt: agent.systemPrompt,
    tools: agent.tools.includes('calculator') ? [calculatorTool] : [],
  }));
}

async function runTeam(text: string, protocol: 'tools' | 'react' = 'tools') {
  const harness = createHarness({
    model: demoModel(),
    protocol,
    history: [{ role: 'user', content: text }],
    runInput: text,
    tools: [calculatorTool],
    delegation: { agents: roster(), maxDepth: 2, maxDelegations: 6 },
  });
  const result = await harness.run();
  const answer = result.entries.at(-1)?.message.content;
  return { harness, result, answer: typeof answer === 'string' ? answer : '' };
}

describe('the demo team dialogue', () => {
  it.each([
    ['English, native tools', TEAM_EXAMPLE.en, 'tools', /about 90 °C/u, 'Researcher:'],
    ['Chinese, native tools', TEAM_EXAMPLE.zh, 'tools', /约为 90 °C|大约在 90 °C/u, '研究员：'],
    ['English, text ReAct', TEAM_EXAMPLE.en, 'react', /about 90 °C/u, 'Researcher:'],
  ] as const)(
    'delegates to the researcher (who uses the calculator) and the reviewer, then merges: %s',
    async (_name, text, protocol, ninety, label) => {
      const { harness, result, answer } = await runTeam(text, protocol);
      expect(result.outcome).toBe('done');
      expect(answer).toMatch(ninety);
      expect(answer).toContain(label);
      expect(answer).toContain('VERDICT: approved');
      // researcher → calculator inside its own run, then the reviewer; every delegate span nests in its tool span.
      const researcher = harness.tracer.only('agent', 'researcher');
      expect(
        harness.tracer.children(researcher).some((span) => span.kind === 'tool' && span.name === 'calculator'),
      ).toBe(true);
      expect(harness.tracer.only('agent', 'reviewer').parentSpanId).toBe(
        harness.tracer.only('tool', 'delegate_reviewer').spanId,
      );
      expect(harness.tracer.find('tool', 'calculator')).toHaveLength(1);
    },
  );

  it('explains how to turn delegation on when it is off', async () => {
    const harness = createHarness({
      model: demoModel(),
      history: [{ role: 'user', content: TEAM_EXAMPLE.en }],
      tools: [calculatorTool],
    });
    const result = await harness.run();
    expect(result.entries.at(-1)?.message.content).toContain('Delegate to agents');
  });

  it.each([
    ['Research the boiling point of water at 4,500 m and have it reviewed', 'tools', 'about 85 °C at 4,500 m'],
    ['Research the boiling point of water at 1200 metres and have it checked', 'react', 'about 96 °C at 1,200 m'],
    ['帮我调研海拔6000米处水的沸点，并让审核员检查', 'tools', '海拔 6000 米处，水大约在 80 °C 沸腾'],
    ['帮我调研海拔500米处水的沸点，并让审核员检查', 'tools', '水大约在 98.3 °C 沸腾'],
  ] as const)("estimates for the altitude asked, not the example's: %s", async (text, protocol, expected) => {
    const { harness, result, answer } = await runTeam(text, protocol);
    expect(result.outcome).toBe('done');
    expect(answer).toContain(expected);
    expect(answer).toContain('VERDICT: approved');
    expect(answer).not.toContain('3,000');
    const calculation = harness.tracer.find('tool', 'calculator')[0];
    expect(JSON.stringify(calculation?.attributes)).toContain(
      `100 - ${/(\d[\d,]*)\s*(?:m|米)/u.exec(text)?.[1]?.replace(',', '')}/300`,
    );
  });

  it('says plainly what it can do when no altitude is given, instead of answering for 3,000 m', async () => {
    const { answer } = await runTeam('Research the boiling point of water and have it reviewed');
    expect(answer).toContain('estimates the boiling point of water at an altitude you give in metres');
    expect(answer).not.toContain('90 °C');
  });
});
