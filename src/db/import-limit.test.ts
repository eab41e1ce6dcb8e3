import { describe, expect, it } from 'vitest';
import { importTooLargeError, MAX_IMPORT_BYTES } from './import-limit.ts';
import { MAX_IMPORT_BYTES as fromSessionFile, parseImportFile } from './session-file.ts';

describe('the whole-file import limit', () => {
  it('is one constant, 50 MB, the same wherever it is read', () => {
    expect(MAX_IMPORT_BYTES).toBe(50 * 1024 * 1024);
    expect(fromSessionFile).toBe(MAX_IMPORT_BYTES);
  });

  it('builds one error text, with the size when known, in English and Chinese', () => {
    expect(importTooLargeError('en', 'big.json', 60 * 1024 * 1024)).toBe(
      'big.json: the file is 60 MB; imports are limited to 50 MB.',
    );
    expect(importTooLargeError('en', 'big.json', undefined)).toBe(
      'big.json: the file is larger than 50 MB, the import limit',
    );
    expect(importTooLargeError('zh-CN', 'big.json', 52_500_000)).toBe(
      'big.json：文件大小为 50.1 MB，导入上限为 50 MB。',
    );
  });

  it('is the text the parser refuses an oversized text with', () => {
    const result = parseImportFile('x'.repeat(200), 'big.json', { maxBytes: 100 });
    expect(result).toEqual({ ok: false, error: importTooLargeError('en', 'big.json', undefined, 100) });
  });
});
