import { describe, expect, it } from 'vitest';
import { IngestError } from './ingest-types.ts';
import { parsePdf, type PdfJs } from './parse-pdf.ts';

/** A pdf.js whose document fails to open with `error` (as pdf.js rejects for a password, or a broken file). */
function failingPdfJs(error: unknown): PdfJs {
  return {
    getDocument: () =>
      ({ promise: Promise.reject(error), destroy: () => Promise.resolve() }) as unknown as ReturnType<
        PdfJs['getDocument']
      >,
  };
}

const passwordError = (code: number) =>
  Object.assign(new Error('No password given'), { name: 'PasswordException', code });

describe('parsePdf errors', () => {
  it('asks for a password when pdf.js needs one, and says when the one given is wrong', async () => {
    const needs = await parsePdf(failingPdfJs(passwordError(1)), new Uint8Array()).catch((error: unknown) => error);
    expect(needs).toEqual(new IngestError('password', 'needs-password'));
    expect(needs).toMatchObject({ kind: 'password', detail: 'needs-password' });
    const wrong = await parsePdf(failingPdfJs(passwordError(2)), new Uint8Array(), { password: 'x' }).catch(
      (error: unknown) => error,
    );
    expect(wrong).toMatchObject({ kind: 'password', detail: 'wrong-password' });
  });

  it("refuses any other failure as unreadable with pdf.js's message", async () => {
    const error = Object.assign(new Error('Invalid PDF structure.'), { name: 'InvalidPDFException' });
    const failure = await parsePdf(failingPdfJs(error), new Uint8Array()).catch((caught: unknown) => caught);
    expect(failure).toMatchObject({ kind: 'unreadable', detail: 'Invalid PDF structure.' });
  });
});
