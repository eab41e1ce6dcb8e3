import JSZip from 'jszip';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { IngestError } from './ingest-types.ts';
import { parseDocument } from './parse-document.ts';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

function paragraph(text: string, style?: string): string {
  const properties = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : '';
  return `<w:p>${properties}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
}

/** A minimal Word document (mammoth's own test documents are built the same way): headings and paragraphs. */
async function docx(body: string): Promise<ArrayBuffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  );
  zip.file(
    'word/styles.xml',
    `<?xml version="1.0"?><w:styles xmlns:w="${W}">` +
      '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style></w:styles>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'arraybuffer' });
}

describe('DOCX through mammoth', () => {
  it('keeps each paragraph under its Word headings', async () => {
    const data = await docx(
      paragraph('Install', 'Heading1') +
        paragraph('Get the package.') +
        paragraph('Linux', 'Heading2') +
        paragraph('Use apt &amp; friends.'),
    );
    const parsed = await parseDocument('docx', data, { mammoth });
    expect(parsed).toEqual({
      format: 'docx',
      passages: [
        { text: 'Get the package.', headings: ['Install'] },
        { text: 'Use apt & friends.', headings: ['Install', 'Linux'] },
      ],
    });
  });

  it('refuses a file that is not a Word document, with the reason', async () => {
    const failure = await parseDocument('docx', new TextEncoder().encode('not a zip').buffer as ArrayBuffer, {
      mammoth,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IngestError);
    expect(failure).toMatchObject({ kind: 'unreadable' });
  });
});
