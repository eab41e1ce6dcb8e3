import { describe, expect, it } from 'vitest';
import { readGgufHeader } from './gguf-header';
import { CHATML_TEMPLATE, HERMES_TOOL_TEMPLATE, writeTinyGguf } from '../../testing/gguf-writer';

const blobOf = (bytes: Uint8Array): Blob => new Blob([bytes as Uint8Array<ArrayBuffer>]);

describe('readGgufHeader', () => {
  it('reads what the test writer puts in a llama F32 file', async () => {
    const info = await readGgufHeader(blobOf(writeTinyGguf()));
    expect(info).toMatchObject({
      architecture: 'llama',
      name: 'glassbox-tiny',
      quantisation: 'F32',
      contextLength: 4096,
      chatTemplate: CHATML_TEMPLATE,
    });
    // token_embd and output 64x259, output_norm 64, 2 layers x (2 norms x 64 + 4 x 64x64 + 3 x 64x128)
    expect(info.parameterCount).toBe(2 * 64 * 259 + 64 + 2 * (128 + 4 * 4096 + 3 * 8192));
    expect(info.splitCount).toBeUndefined();
  });

  it('names Q8_0 and keeps a tool-call template', async () => {
    const info = await readGgufHeader(blobOf(writeTinyGguf({ quantisation: 'Q8_0', toolTemplate: true })));
    expect(info.quantisation).toBe('Q8_0');
    expect(info.chatTemplate).toBe(HERMES_TOOL_TEMPLATE);
  });

  it('reads only the header: the weights are never sliced', async () => {
    const bytes = writeTinyGguf({ embedding: 256, layers: 4 });
    const sizes: number[] = [];
    const blob = blobOf(bytes);
    const spy = new Proxy(blob, {
      get(target, prop) {
        if (prop === 'slice') {
          return (start: number, end: number) => {
            sizes.push(end - start);
            return target.slice(start, end);
          };
        }
        const v = Reflect.get(target, prop) as unknown;
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    await readGgufHeader(spy);
    expect(bytes.length).toBeGreaterThan(4 << 20);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1 << 20);
  });

  it('says a file is not GGUF', async () => {
    await expect(readGgufHeader(new Blob(['<html>not a model</html>']))).rejects.toThrow(/not a GGUF model/);
    await expect(readGgufHeader(new Blob(['GG']))).rejects.toThrow(/not a GGUF model/);
  });

  it('says a file is truncated wherever it is cut inside the header', async () => {
    const bytes = writeTinyGguf();
    for (const cut of [6, 20, 100, 2000, 5000]) {
      await expect(readGgufHeader(blobOf(bytes.slice(0, cut)))).rejects.toMatchObject({ kind: 'truncated' });
    }
  });

  it('says a file is truncated when its weights are cut short', async () => {
    const bytes = writeTinyGguf({ quantisation: 'Q8_0' });
    await expect(readGgufHeader(blobOf(bytes.slice(0, bytes.length - 1)))).rejects.toThrow(/truncated/);
    await expect(readGgufHeader(blobOf(bytes))).resolves.toMatchObject({ quantisation: 'Q8_0' });
  });

  it('refuses absurd counts and unknown versions instead of looping', async () => {
    const bytes = writeTinyGguf();
    const absurd = bytes.slice(0, 64);
    new DataView(absurd.buffer).setBigUint64(16, 1n << 40n, true);
    await expect(readGgufHeader(blobOf(absurd))).rejects.toMatchObject({ kind: 'corrupt' });
    const v9 = bytes.slice(0, 64);
    new DataView(v9.buffer).setUint32(4, 9, true);
    await expect(readGgufHeader(blobOf(v9))).rejects.toThrow(/version 9/);
  });

  it('says when the architecture is missing', async () => {
    const bytes = writeTinyGguf({ omitKeys: ['general.architecture'] });
    await expect(readGgufHeader(blobOf(bytes))).rejects.toThrow(/architecture/);
  });
});
