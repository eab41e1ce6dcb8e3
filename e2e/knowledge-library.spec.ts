import { expect, openApp, test } from './fixtures.ts';
import { SHARED_DATA_E2E_TAG } from './shared-data-reporter.ts';
import { hasSharedData, sharedPath } from '../src/testing/shared-data.ts';
import { cjkPredefinedCMapPdf } from '../src/knowledge/cjk-test-pdf.ts';

// Real documents (see ../shared/real-data/pdf/SOURCES.md and ../docs/SOURCES.md), read in place.
const TRACEMONKEY = sharedPath('real-data', 'pdf', 'tracemonkey.pdf');
const CORRUPT = sharedPath('real-data', 'pdf', 'bug1020226.pdf');
const SCAN = sharedPath('real-data', 'pdf', 'issue7229.pdf');
const README = sharedPath('real-data', 'docs', 'pdfjs-README.md');

test(
  'the Knowledge library: a PDF and a Markdown file are listed, a corrupt PDF refused, reload keeps them, delete removes one',
  { tag: SHARED_DATA_E2E_TAG },
  async ({ page }) => {
    test.skip(!hasSharedData, 'needs ../shared (third-party test data)');
    await openApp(page);
    await page.getByRole('button', { name: 'Knowledge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Knowledge' });
    await dialog.getByLabel('Add documents').setInputFiles([TRACEMONKEY, README, CORRUPT, SCAN]);

    const documents = dialog.getByRole('list', { name: 'Documents' });
    const paper = documents.getByRole('listitem').filter({ hasText: 'tracemonkey.pdf' });
    await expect(paper).toContainText('14 pages');
    const readme = documents.getByRole('listitem').filter({ hasText: 'pdfjs-README.md' });
    await expect(readme).toContainText(/\d+ passages/);
    const scan = documents.getByRole('listitem').filter({ hasText: 'issue7229.pdf' });
    await expect(scan).toContainText('2 pages');
    await expect(scan).toContainText('No text found');
    await expect(dialog.getByRole('alert')).toContainText('bug1020226.pdf could not be read: Invalid PDF structure.');
    await expect(documents.getByRole('listitem')).toHaveCount(3);
    await expect(dialog.getByRole('progressbar')).toHaveCount(0);

    await page.reload();
    await page.getByRole('button', { name: 'Knowledge' }).click();
    await expect(documents.getByRole('listitem')).toHaveCount(3);
    await expect(paper).toContainText('14 pages');

    await dialog.getByRole('button', { name: 'Delete document tracemonkey.pdf' }).click();
    await expect(paper).toHaveCount(0);
    await expect(documents.getByRole('listitem')).toHaveCount(2);
    await page.reload();
    await page.getByRole('button', { name: 'Knowledge' }).click();
    await expect(documents.getByRole('listitem')).toHaveCount(2);
    await expect(documents).not.toContainText('tracemonkey.pdf');
  },
);

test(
  'the Knowledge library shows a progress bar while a PDF is parsed, and Cancel leaves nothing behind',
  { tag: SHARED_DATA_E2E_TAG },
  async ({ page }) => {
    test.skip(!hasSharedData, 'needs ../shared (third-party test data)');
    await openApp(page);
    await page.getByRole('button', { name: 'Knowledge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Knowledge' });
    await dialog.getByLabel('Add documents').setInputFiles(sharedPath('real-data', 'pdf', 'freeculture.pdf'));
    const bar = dialog.getByRole('progressbar');
    await expect(bar).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(bar).toHaveCount(0);
    await expect(dialog.getByRole('list', { name: 'Documents' })).toHaveCount(0);
    await expect(dialog).toContainText('No documents yet.');
  },
);

test('a file of another type is refused with the types accepted', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Knowledge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Knowledge' });
  await dialog
    .getByLabel('Add documents')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not really') });
  await expect(dialog.getByRole('alert')).toContainText(
    'photo.png is not a document the library reads. Accepted: PDF, Markdown (.md), text (.txt), HTML, DOCX.',
  );
});

test('a Chinese PDF whose font is not embedded is read with the bundled CMaps, not taken for a scan', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Knowledge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Knowledge' });
  const buffer = Buffer.from(cjkPredefinedCMapPdf('团队的愿景'));
  await dialog.getByLabel('Add documents').setInputFiles({ name: 'unigb.pdf', mimeType: 'application/pdf', buffer });
  const item = dialog.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: 'unigb.pdf' });
  await expect(item).toContainText('1 page');
  await expect(item).not.toContainText('No text found');
});
