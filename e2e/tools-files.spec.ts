import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, test } from './fixtures.ts';

interface FileSpec {
  name: string;
  mimeType: string;
  text: string;
}

const notes: FileSpec = {
  name: 'notes.md',
  mimeType: 'text/markdown',
  text: '# Trip plan\n\nPack light and leave before eight.\n\n## Monday\nVisit the museum.\n\n## Tuesday\nHike to the lake.\n',
};
const sales: FileSpec = { name: 'sales.csv', mimeType: 'text/csv', text: 'month,revenue\nJan,120\nFeb,80\nMar,100\n' };

function chat(page: Page) {
  return page.getByRole('main', { name: 'Chat' });
}

function chips(page: Page) {
  return chat(page).getByRole('list', { name: 'Attached files' }).getByRole('listitem');
}

/** Attaches files the way a user does: the Attach files button opens the file chooser. */
async function attachWithButton(page: Page, files: FileSpec[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await chat(page).getByRole('button', { name: 'Attach files' }).click();
  await (
    await chooser
  ).setFiles(files.map((file) => ({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.text) })));
}

/** Drags files from the desktop onto the Chat region and drops them there. */
async function dropOnChat(page: Page, files: FileSpec[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([file.text], file.name, { type: file.mimeType }));
    return transfer;
  }, files);
  const region = chat(page).getByRole('log', { name: 'Messages' });
  await region.dispatchEvent('dragenter', { dataTransfer });
  await expect(page.getByText('Drop files to attach them to this session')).toBeVisible();
  await region.dispatchEvent('dragover', { dataTransfer });
  await region.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText('Drop files to attach them to this session')).toBeHidden();
}

test.describe('attached files and read_file', () => {
  // Several turns each; generous for a loaded machine, never a fixed wait.
  test.describe.configure({ timeout: 90_000 });

  test('attaches with the button, summarises notes.md through read_file, and keeps the files per session across a reload', async ({
    page,
  }) => {
    await openApp(page);
    await attachWithButton(page, [notes, sales]);
    await expect(chips(page)).toHaveCount(2);
    await expect(chips(page).first()).toContainText('notes.md');
    await expect(chips(page).nth(1)).toContainText('sales.csv');

    await send(page, 'summarise notes.md');
    await expectRunStatus(page, 'done');
    const tree = page.getByRole('tree', { name: 'Span tree' });
    await expect(tree.getByRole('treeitem', { name: /^tool: read_file/ })).toHaveAttribute('data-span-status', 'ok');
    await expect(lastAnswer(page)).toContainText('notes.md');
    await expect(lastAnswer(page)).toContainText('3 headings');
    await expect(lastAnswer(page)).toContainText('Monday');
    await expect(lastAnswer(page)).toContainText('Pack light and leave before eight.');
    await expect(lastAnswer(page)).toContainText('not from an LLM');
    // The file stays attached after sending: it belongs to the session, not to one message.
    await expect(chips(page)).toHaveCount(2);

    await send(page, '总结一下 sales.csv');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('3 行、2 列');
    await expect(lastAnswer(page)).toContainText('80 到 120，合计 300');

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await expect(chips(page)).toHaveCount(2);

    // Another session has its own files, and read_file there cannot see these.
    await page.getByRole('button', { name: 'New session' }).click();
    await expect(chat(page).getByRole('list', { name: 'Attached files' })).toHaveCount(0);
    await send(page, 'read notes.md');
    await expectRunStatus(page, 'done');
    await expect(
      page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^tool: read_file/ }),
    ).toHaveAttribute('data-span-status', 'error');
    await expect(lastAnswer(page)).toContainText("I couldn't read notes.md");
    await expect(lastAnswer(page)).toContainText('Attach files');

    await page.getByRole('list', { name: 'Session list' }).getByRole('button', { name: 'summarise notes.md' }).click();
    await expect(chips(page)).toHaveCount(2);
  });

  test('removing a chip removes the file for good', async ({ page }) => {
    await openApp(page);
    await attachWithButton(page, [notes]);
    await expect(chips(page)).toHaveCount(1);
    await chat(page).getByRole('button', { name: 'Remove notes.md' }).click();
    await expect(chat(page).getByRole('list', { name: 'Attached files' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await expect(chat(page).getByRole('list', { name: 'Attached files' })).toHaveCount(0);
    await send(page, 'summarise notes.md');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('no files are attached');
  });

  test('attaches files dropped onto the chat, replaces a file of the same name, and reads the only file when none is named', async ({
    page,
  }) => {
    await openApp(page);
    await dropOnChat(page, [{ name: 'todo.txt', mimeType: 'text/plain', text: 'first draft' }]);
    await expect(chips(page)).toHaveCount(1);
    await dropOnChat(page, [{ name: 'todo.txt', mimeType: 'text/plain', text: 'call the bank\nwater the plants\n' }]);
    await expect(chips(page)).toHaveCount(1);

    await send(page, 'Summarise the attached file');
    await expectRunStatus(page, 'done');
    await expect(
      page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^tool: read_file/ }),
    ).toHaveAttribute('data-span-status', 'ok');
    await expect(lastAnswer(page)).toContainText('todo.txt');
    await expect(lastAnswer(page)).toContainText('call the bank');
    await expect(lastAnswer(page)).not.toContainText('first draft');

    await dropOnChat(page, [
      { name: 'data.json', mimeType: 'application/json', text: '{"users": [1, 2, 3], "active": true}' },
    ]);
    await expect(chips(page)).toHaveCount(2);
    await send(page, 'Summarise the attached file');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('Several files are attached');
    await send(page, 'summarise data.json');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('A JSON object with 2 keys');
  });

  test('refuses files that are too large, not text, or of another type, with a clear message', async ({ page }) => {
    await openApp(page);
    const big: FileSpec = { name: 'huge.txt', mimeType: 'text/plain', text: 'x'.repeat(1024 * 1024 + 1) };
    await dropOnChat(page, [big]);
    const alert = chat(page).getByRole('alert');
    await expect(alert).toContainText('huge.txt is 1.0 MB; attached files are limited to 1.0 MB');
    await expect(chat(page).getByRole('list', { name: 'Attached files' })).toHaveCount(0);

    await attachWithButton(page, [
      { name: 'photo.png', mimeType: 'image/png', text: 'PNG' },
      { name: 'binary.txt', mimeType: 'text/plain', text: 'abc\u0000def' },
      notes,
    ]);
    await expect(alert).toContainText('photo.png: only text, Markdown, JSON and CSV files can be attached.');
    await expect(alert).toContainText('binary.txt is not UTF-8 text');
    await expect(chips(page)).toHaveCount(1);
    await expect(chips(page).first()).toContainText('notes.md');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toBeHidden();
  });
});
