import { describe, expect, it } from 'vitest';
import {
  checkFits,
  checkSingleFileLimit,
  formatModelSize,
  formatParameterCount,
  ModelFileError,
  modelNameFromUrl,
  rangeResume,
  SINGLE_FILE_LIMIT,
  splitPart,
  splitPartNames,
  type ModelFileProblem,
} from './model-file-rules.ts';

function problemOf(work: () => unknown): ModelFileProblem | undefined {
  try {
    work();
  } catch (error) {
    if (error instanceof ModelFileError) return error.problem;
    throw error;
  }
  return undefined;
}

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name.toLowerCase()] ?? null });

describe('model file names', () => {
  it('takes the file name of a Hugging Face resolve link, without its query', () => {
    const url =
      'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf?download=true';
    expect(modelNameFromUrl(url)).toBe('qwen2.5-0.5b-instruct-q4_k_m.gguf');
    expect(modelNameFromUrl('http://127.0.0.1:9/models/a%20b.gguf')).toBe('a b.gguf');
  });

  it('refuses a link that is not http(s) or does not name a .gguf file', () => {
    expect(problemOf(() => modelNameFromUrl('ftp://host/x.gguf'))).toMatchObject({ kind: 'bad-url' });
    expect(problemOf(() => modelNameFromUrl('not a url'))).toMatchObject({ kind: 'bad-url' });
    expect(problemOf(() => modelNameFromUrl('https://huggingface.co/Qwen/repo/blob/main/README.md'))).toEqual({
      kind: 'not-gguf-name',
      name: 'README.md',
    });
  });

  it('knows the parts of a split model from the first part’s name', () => {
    expect(splitPart('qwen-7b-q4-00002-of-00003.gguf')).toEqual({ base: 'qwen-7b-q4', index: 2, count: 3 });
    expect(splitPart('qwen-7b-q4.gguf')).toBeUndefined();
    expect(splitPartNames('m-00001-of-00003.gguf')).toEqual([
      'm-00001-of-00003.gguf',
      'm-00002-of-00003.gguf',
      'm-00003-of-00003.gguf',
    ]);
    expect(splitPartNames('m.gguf')).toEqual(['m.gguf']);
  });
});

describe('limits', () => {
  it('refuses a single file over the runtime’s 2 GB limit, and takes one at the limit', () => {
    expect(problemOf(() => checkSingleFileLimit(SINGLE_FILE_LIMIT))).toBeUndefined();
    expect(problemOf(() => checkSingleFileLimit(4.4e9))).toEqual({
      kind: 'too-big',
      bytes: 4.4e9,
      limit: SINGLE_FILE_LIMIT,
    });
  });

  it('refuses a file the quota has no room for, saying how much is free', () => {
    expect(problemOf(() => checkFits(500, { quota: 1000, usage: 400 }))).toBeUndefined();
    expect(problemOf(() => checkFits(700, { quota: 1000, usage: 400 }))).toEqual({
      kind: 'no-space',
      bytes: 700,
      free: 600,
    });
    expect(problemOf(() => checkFits(700, {}))).toBeUndefined();
  });
});

describe('rangeResume', () => {
  it('continues a 206 at what was received, the total from Content-Range', () => {
    const range = headers({ 'content-range': 'bytes 1000-4999/5000', 'content-length': '4000' });
    expect(rangeResume(206, range, 1000)).toEqual({ start: 1000, total: 5000 });
  });

  it('continues a cross-origin 206 whose Content-Range is hidden, the total from Content-Length', () => {
    expect(rangeResume(206, headers({ 'content-length': '4000' }), 1000)).toEqual({ start: 1000, total: 5000 });
  });

  it('starts again at 0 when the server ignores the range', () => {
    expect(rangeResume(200, headers({ 'content-length': '5000' }), 1000)).toEqual({ start: 0, total: 5000 });
  });

  it('refuses a range that starts elsewhere, and an HTTP error', () => {
    const range = headers({ 'content-range': 'bytes 0-4999/5000' });
    expect(problemOf(() => rangeResume(206, range, 1000))).toEqual({ kind: 'no-range' });
    expect(problemOf(() => rangeResume(404, headers({}), 0))).toEqual({ kind: 'http', status: 404 });
  });
});

describe('formatting', () => {
  it('rounds sizes to KB, MB or GB', () => {
    expect(formatModelSize(812)).toBe('812 B');
    expect(formatModelSize(300_123)).toBe('300 KB');
    expect(formatModelSize(12_345_678)).toBe('12.3 MB');
    expect(formatModelSize(397_808_192)).toBe('398 MB');
    expect(formatModelSize(4_683_073_536)).toBe('4.68 GB');
  });

  it('writes parameter counts as models are named', () => {
    expect(formatParameterCount(494_032_768)).toBe('494M');
    expect(formatParameterCount(1_543_714_304)).toBe('1.5B');
    expect(formatParameterCount(32_000_000_000)).toBe('32B');
    expect(formatParameterCount(120_000)).toBe('120K');
  });
});
