// Writes a plain text PDF by hand (issue 40's bench): `pages` pages of Helvetica text, 40 lines each, with the
// cross-reference table pdf.js reads. Each page says which page it is, so a passage's page can be checked.
import { writeFile } from 'node:fs/promises';

const WORDS = ['trace', 'compiler', 'loop', 'type', 'value', 'record', 'branch', 'guard', 'frame', 'stack', 'native'];

function pageText(page: number): string[] {
  const lines: string[] = [`Page ${page} of the bench document.`];
  for (let line = 1; line < 40; line += 1) {
    const words = Array.from({ length: 12 }, (_, index) => WORDS[(page * 7 + line * 3 + index) % WORDS.length]);
    lines.push(`${words.join(' ')}${line % 4 === 0 ? '.' : ''}`);
  }
  return lines;
}

function contentStream(page: number): string {
  const body = pageText(page)
    .map((line) => `(${line}) Tj T*`)
    .join('\n');
  return `BT /F1 10 Tf 12 TL 50 760 Td\n${body}\nET`;
}

/** Writes the PDF to `path`; resolves with its size in bytes. */
export async function writeTextPdf(path: string, pages: number): Promise<number> {
  const objects: string[] = [];
  // 1: catalog, 2: page tree, 3: font, then a page and its content per page.
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  const kids = Array.from({ length: pages }, (_, index) => `${4 + index * 2} 0 R`).join(' ');
  objects[2] = `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  for (let index = 0; index < pages; index += 1) {
    const pageId = 4 + index * 2;
    const stream = contentStream(index + 1);
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  await writeFile(path, out, 'latin1');
  return Buffer.byteLength(out, 'latin1');
}
