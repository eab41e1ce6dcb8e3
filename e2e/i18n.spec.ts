import type { Page } from '@playwright/test';
import { chooseChinese, expect, expectRunStatus, lastAnswer, openApp, send, settingsTab, test } from './fixtures.ts';

/**
 * Words that are rightly English in the Chinese UI: the product name, protocol and technical terms, keys, and the
 * names of providers, tools and models. Everything else visible must come from the zh-CN dictionaries.
 */
const SAME_IN_CHINESE = [
  // The product, and the OpenTelemetry term the Chinese trace keeps ("span").
  'Glassbox',
  'Span',
  'span',
  // Protocols, formats and technical terms.
  'OTLP',
  'HTTP',
  'HTML',
  'JSON',
  'Markdown',
  'ReAct',
  'API',
  'AI',
  'LLM',
  'CORS',
  'URL',
  'ID',
  'tok',
  'Web Worker',
  'JavaScript',
  'MCP',
  'CSV',
  'TSV',
  'SQL',
  // “token” is how Chinese LLM documentation names tokens (DeepSeek's, Moonshot's); Insights and prices use it.
  'token',
  // Keys.
  'Enter',
  'Shift',
  'Esc',
  'Ctrl',
  // The demo model's id, named in Settings (its prices).
  'glassbox-demo',
  // Providers and servers, and the one LM Studio setting named by its own (English) label.
  'OpenAI',
  'ChatGPT',
  'DeepSeek',
  'OpenRouter',
  'Groq',
  'Ollama',
  'LM Studio',
  'vLLM',
  'Enable CORS',
  // The sync server (first-run line, Settings → Sync).
  'CouchDB',
  // Tools named in translated text: the one this conversation calls (“calculator 的结果”), and query_data, which the
  // first-run screen names.
  'calculator',
  'query_data',
];

/**
 * The visible text of the page (or of one part of it) that still holds an English word. Skipped: what is not UI
 * text — model output (the answer's Markdown), code and JSON views, form values, and data marked
 * `translate="no"` (tool names, arguments and results, span names).
 */
async function englishTexts(page: Page, scope: string): Promise<string[]> {
  return page.evaluate(
    ({ selector, allowed }) => {
      const skip = 'script, style, pre, code, textarea, input, select, [data-testid="message-text"]';
      const root = document.querySelector(selector);
      if (!root) throw new Error(`nothing matches ${selector}`);
      const found: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || element.closest(skip)) continue;
        // Data marked `translate="no"` (tool names, arguments, results, span names) is not UI text.
        if (element.closest('[translate]')?.getAttribute('translate') === 'no') continue;
        if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        const text = node.textContent?.trim() ?? '';
        let rest = text;
        // Longest first, so `OpenAI` goes before `AI`.
        for (const word of [...allowed].sort((a, b) => b.length - a.length)) rest = rest.replaceAll(word, ' ');
        // Commands and flags (`ollama serve`, --jinja, /help); units, ids and numbers ("812 ms", "run_1a2b", "gpt-4o") are not words people read as English.
        rest = rest
          .replace(/`[^`]*`|--[a-z-]+|(^|\s|（)\/[a-z]+/g, ' ')
          .replace(/\b\d+(\.\d+)?\s?(ms|s|min|h|k|B|KB|MB|GB|TB)\b/g, ' ')
          .replace(/\b[a-z0-9]+(?:[_.:/-][a-z0-9]+)+\b/gi, ' ');
        if (/[A-Za-z]{2,}/.test(rest))
          found.push(
            `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''}: ${text}`,
          );
      }
      return found;
    },
    { selector: scope, allowed: SAME_IN_CHINESE },
  );
}

test('in Simplified Chinese no English text is left: main screen, a conversation, span details, Settings and Memory', async ({
  page,
}) => {
  await openApp(page);
  await chooseChinese(page);
  await expect(page.getByRole('button', { name: 'New session' })).toHaveText('新建会话');
  expect(await englishTexts(page, 'body')).toEqual([]);

  await send(page, '帮我算一下 (128+374)*2 等于多少');
  await expect(lastAnswer(page)).toContainText('1004');
  await expectRunStatus(page, 'done');
  expect(await englishTexts(page, 'body')).toEqual([]);

  await page
    .getByRole('tree', { name: 'Span tree' })
    .getByRole('treeitem', { name: /^tool: calculator/ })
    .click();
  const details = page.getByRole('region', { name: 'Span details' });
  await expect(details).toContainText('calculator');
  expect(await englishTexts(page, '[aria-label="Trace"]')).toEqual([]);

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  // Every tab of Settings, each shown in turn (the walk reads only what is visible).
  for (const tab of ['Model', 'Agent', 'Tools', 'Memory', 'Tracing', 'Data', 'Sync', 'Appearance']) {
    await settingsTab(page, tab);
    expect(await englishTexts(page, 'dialog[open]'), tab).toEqual([]);
  }
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  await page.getByRole('button', { name: 'Memory' }).click();
  const memory = page.getByRole('dialog', { name: 'Memory' });
  await expect(memory.getByRole('textbox', { name: 'New note' })).toBeVisible();
  expect(await englishTexts(page, 'dialog[open]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(memory).toBeHidden();
});

test("in Simplified Chinese a refused import says why in Chinese, keeping the parser's detail", async ({ page }) => {
  await openApp(page);
  await chooseChinese(page);
  await page
    .getByLabel('Import sessions')
    .setInputFiles([{ name: 'notes.txt.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": ') }]);
  const alert = page.getByRole('alert').filter({ hasText: 'notes.txt.json' });
  await expect(alert).toContainText('导入失败，未导入任何内容。notes.txt.json：不是有效的 JSON（');
  await expect(alert).toContainText('文件可能不完整，或不是导出文件');
  await expect(alert).not.toContainText('not valid JSON');
});

test('the English-text check sees English when it is there', async ({ page }) => {
  await openApp(page);
  // The same walk over the English UI must find the words it looks for, or the Chinese run proves nothing.
  expect(await englishTexts(page, 'body')).toEqual(expect.arrayContaining([expect.stringContaining('New session')]));
});
