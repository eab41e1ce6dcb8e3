import { readFile } from 'node:fs/promises';
import { expect, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';
import { spanTree } from './agent-helpers.ts';
import { sessionList } from './persistence-helpers.ts';
import { SHARED_DATA_E2E_TAG } from './shared-data-reporter.ts';
import { hasSharedData, sharedPath } from '../src/testing/shared-data.ts';

// The official OTLP/HTTP JSON example (see ../shared/real-data/SOURCES.md), read in place.
const OFFICIAL = sharedPath('real-data', 'otlp', 'trace.json');

const kv = (key: string, value: string | number) => ({
  key,
  value: typeof value === 'string' ? { stringValue: value } : { intValue: String(value) },
});

/** A trace as an OpenInference-instrumented app (Phoenix) exports it: an agent, an llm call with messages, a tool. */
function openInferenceFile() {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  return {
    resourceSpans: [
      {
        resource: { attributes: [kv('service.name', 'phoenix-demo')] },
        scopeSpans: [
          {
            scope: { name: 'openinference.instrumentation.openai' },
            spans: [
              {
                traceId,
                spanId: '00f067aa0ba902b7',
                name: 'TravelAgent',
                kind: 1,
                startTimeUnixNano: '1730000000000000000',
                endTimeUnixNano: '1730000003000000000',
                attributes: [
                  kv('openinference.span.kind', 'AGENT'),
                  kv('input.value', 'Weather in Oslo?'),
                  kv('output.value', 'It is 3 °C in Oslo.'),
                ],
                status: { code: 1 },
              },
              {
                traceId,
                spanId: '00f067aa0ba902b8',
                parentSpanId: '00f067aa0ba902b7',
                name: 'ChatCompletion',
                kind: 3,
                startTimeUnixNano: '1730000000100000000',
                endTimeUnixNano: '1730000001000000000',
                attributes: [
                  kv('openinference.span.kind', 'LLM'),
                  kv('llm.model_name', 'gpt-4o-mini'),
                  kv('llm.token_count.prompt', 41),
                  kv('llm.token_count.completion', 9),
                  kv('llm.input_messages.0.message.role', 'user'),
                  kv('llm.input_messages.0.message.content', 'Weather in Oslo?'),
                  kv('llm.output_messages.0.message.role', 'assistant'),
                  kv('llm.output_messages.0.message.content', 'It is 3 °C in Oslo.'),
                  kv('phoenix.custom', 'kept'),
                ],
              },
              {
                traceId,
                spanId: '00f067aa0ba902b9',
                parentSpanId: '00f067aa0ba902b7',
                name: 'get_weather',
                kind: 1,
                startTimeUnixNano: '1730000001100000000',
                endTimeUnixNano: '1730000001500000000',
                attributes: [
                  kv('openinference.span.kind', 'TOOL'),
                  kv('tool.name', 'get_weather'),
                  kv('input.value', '{"city":"Oslo"}'),
                  kv('output.value', '3 °C'),
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

test(
  'OTLP trace files import through Import sessions: the official example and an OpenInference trace, read only',
  { tag: SHARED_DATA_E2E_TAG },
  async ({ page }) => {
    test.skip(!hasSharedData, 'needs ../shared (third-party test data)');
    await openApp(page);
    await page.getByLabel('Import sessions').setInputFiles(OFFICIAL);
    await expect(spanTree(page).getByRole('treeitem', { name: /I'm a server span/ })).toBeVisible();
    await expect(page.getByRole('main', { name: 'Chat' })).toContainText(
      'This session is an imported trace (read only).',
    );
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);

    await page.getByLabel('Import sessions').setInputFiles({
      name: 'phoenix.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(openInferenceFile())),
    });
    const tree = spanTree(page);
    await expect(tree.getByRole('treeitem', { name: /^run: TravelAgent/ })).toBeVisible();
    await expect(tree.getByRole('treeitem', { name: /^llm: ChatCompletion/ })).toBeVisible();
    await expect(tree.getByRole('treeitem', { name: /^tool: get_weather/ })).toBeVisible();
    // The conversation is rebuilt from the llm span's messages.
    await expect(page.getByRole('article', { name: 'user message' })).toContainText('Weather in Oslo?');
    await expect(lastAnswer(page)).toHaveText('It is 3 °C in Oslo.');
    // Unknown attributes are shown in Span details.
    await tree.getByRole('treeitem', { name: /^llm: ChatCompletion/ }).click();
    const details = page.getByRole('region', { name: 'Span details' });
    await details.getByText('All attributes').click();
    await expect(details).toContainText('phoenix.custom');
    await expect(sessionList(page).getByRole('listitem')).toHaveCount(3);
  },
);

test('a broken trace file gets an alert saying what is wrong and imports nothing', async ({ page }) => {
  await openApp(page);
  const broken = {
    resourceSpans: [
      { scopeSpans: [{ spans: [{ traceId: 'zz', spanId: '00f067aa0ba902b7', name: 'x', startTimeUnixNano: '1' }] }] },
    ],
  };
  await page
    .getByLabel('Import sessions')
    .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
  await expect(page.getByRole('alert').filter({ hasText: 'broken.json' })).toContainText(
    'traceId: expected 32 hex characters',
  );
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(1);
});

test('Compare runs marks the changed calculator argument; our OTLP export re-imports to the same tree', async ({
  page,
  mockLlm,
}) => {
  await openApp(page);
  await useEndpoint(page, mockLlm.url, { model: 'mock-compare' });
  mockLlm.enqueue(
    { kind: 'reply', toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }] },
    { kind: 'reply', content: 'It is 42.' },
    { kind: 'reply', toolCalls: [{ name: 'calculator', arguments: { expression: '7*8' } }] },
    { kind: 'reply', content: 'It is 56.' },
  );
  await send(page, 'What is 6*7?');
  await expect(lastAnswer(page)).toHaveText('It is 42.');
  await send(page, 'What is 7*8?');
  await expect(lastAnswer(page)).toHaveText('It is 56.');
  await expect(page.getByRole('article', { name: 'assistant message' }).filter({ hasText: 'It is 56.' })).toHaveCount(
    1,
  );

  await page.getByRole('button', { name: 'Compare runs' }).click();
  const region = page.getByRole('region', { name: 'Run comparison' });
  await expect(region.getByRole('combobox', { name: 'First run' })).toContainText('What is 6*7?');
  await expect(region.getByRole('combobox', { name: 'First run' }).locator('option:checked')).toContainText(
    'What is 6*7?',
  );
  await expect(region.getByRole('combobox', { name: 'Second run' }).locator('option:checked')).toContainText(
    'What is 7*8?',
  );
  await expect(region.getByRole('status')).toContainText('Steps 3 → 3');
  await expect(region.getByRole('status')).toContainText('answer changed');
  const tool = region.getByRole('listitem', { name: 'calculator 1' });
  const changed = tool.locator('[data-field="arguments"] [data-change="changed"]');
  await expect(changed).toContainText('expression');
  await expect(changed).toContainText('"6*7"');
  await expect(changed).toContainText('"7*8"');

  // Same run on both sides: nothing marked.
  await region.getByRole('combobox', { name: 'First run' }).selectOption({
    label: (await region.getByRole('combobox', { name: 'Second run' }).locator('option:checked').textContent()) ?? '',
  });
  await expect(region.getByRole('status')).toContainText('same answer');
  await expect(region.locator('[data-change]')).toHaveCount(0);
  await region.getByRole('button', { name: 'Close comparison' }).click();

  // Export OTLP, import the file: a read-only session with the same tree.
  await page.getByRole('button', { name: 'Expand all' }).click();
  const names = await spanTree(page)
    .getByRole('treeitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-span-kind')));
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export OTLP' }).click();
  const exported = await readFile((await (await downloadPromise).path()) as string);
  await page
    .getByLabel('Import sessions')
    .setInputFiles({ name: 'otlp.json', mimeType: 'application/json', buffer: exported });
  await expect(page.getByRole('main', { name: 'Chat' })).toContainText(
    'This session is an imported trace (read only).',
  );
  await page.getByRole('button', { name: 'Expand all' }).click();
  const imported = spanTree(page).getByRole('treeitem');
  await expect(imported).toHaveCount(names.length);
  expect(await imported.evaluateAll((items) => items.map((item) => item.getAttribute('data-span-kind')))).toEqual(
    names,
  );
});
