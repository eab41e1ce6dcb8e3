/**
 * Reads what a GGUF file says about itself (architecture, quantisation, parameter count, context length, chat
 * template, split count) from its header only: the file is read in slices, never whole, so a 4 GB model costs a few
 * megabytes of reads (the vocabulary arrays are the bulk of a real header).
 *
 * Layout (GGUF v2/v3, little-endian): magic `GGUF`, version u32, tensor count u64, KV count u64, then KV pairs
 * (key string, value type u32, value), then tensor infos (name, n_dims u32, dims u64[], type u32, offset u64).
 * Strings are a u64 length then UTF-8 bytes.
 */
import type { GgufInfo } from './local-model-types';

export class GgufError extends Error {
  readonly kind: 'not-gguf' | 'truncated' | 'unsupported' | 'corrupt';
  constructor(kind: GgufError['kind'], message: string) {
    super(message);
    this.name = 'GgufError';
    this.kind = kind;
  }
}

/** Value types of GGUF metadata. */
export const GGUF_TYPE = {
  UINT8: 0,
  INT8: 1,
  UINT16: 2,
  INT16: 3,
  UINT32: 4,
  INT32: 5,
  FLOAT32: 6,
  BOOL: 7,
  STRING: 8,
  ARRAY: 9,
  UINT64: 10,
  INT64: 11,
  FLOAT64: 12,
} as const;

const FIXED_SIZE: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };

/** llama.cpp's `llama_ftype` → the name people know (`general.file_type`). */
const FILE_TYPES: Record<number, string> = {
  0: 'F32',
  1: 'F16',
  2: 'Q4_0',
  3: 'Q4_1',
  7: 'Q8_0',
  8: 'Q5_0',
  9: 'Q5_1',
  10: 'Q2_K',
  11: 'Q3_K_S',
  12: 'Q3_K_M',
  13: 'Q3_K_L',
  14: 'Q4_K_S',
  15: 'Q4_K_M',
  16: 'Q5_K_S',
  17: 'Q5_K_M',
  18: 'Q6_K',
  19: 'IQ2_XXS',
  20: 'IQ2_XS',
  21: 'Q2_K_S',
  22: 'IQ3_XS',
  23: 'IQ3_XXS',
  24: 'IQ1_S',
  25: 'IQ4_NL',
  26: 'IQ3_S',
  27: 'IQ3_M',
  28: 'IQ2_S',
  29: 'IQ2_M',
  30: 'IQ4_XS',
  31: 'IQ1_M',
  32: 'BF16',
  36: 'TQ1_0',
  37: 'TQ2_0',
  38: 'MXFP4_MOE',
};

/** Bounds that no real file reaches; a header claiming more is corrupt (and would make us loop for hours). */
const MAX_COUNT = 1 << 24;
const MAX_STRING = 1 << 26;
const MAX_DIMS = 8;
const CHUNK = 1 << 20;

/** Reads sequentially from a Blob, one slice (1 MiB) at a time. */
class SliceReader {
  private buf = new DataView(new ArrayBuffer(0));
  private bufStart = 0;
  pos = 0;
  constructor(private readonly blob: Blob) {}
  get size(): number {
    return this.blob.size;
  }

  private async ensure(n: number): Promise<void> {
    if (this.pos + n <= this.bufStart + this.buf.byteLength) return;
    if (this.pos + n > this.blob.size) {
      throw new GgufError('truncated', `The file ends inside its GGUF header (at byte ${this.blob.size}).`);
    }
    const end = Math.min(this.blob.size, this.pos + Math.max(n, CHUNK));
    this.buf = new DataView(await this.blob.slice(this.pos, end).arrayBuffer());
    this.bufStart = this.pos;
  }
  private async view(n: number): Promise<number> {
    await this.ensure(n);
    const at = this.pos - this.bufStart;
    this.pos += n;
    return at;
  }
  async u32(): Promise<number> {
    const at = await this.view(4);
    return this.buf.getUint32(at, true);
  }
  async u64(): Promise<number> {
    const at = await this.view(8);
    return Number(this.buf.getBigUint64(at, true));
  }
  async scalar(type: number): Promise<number | boolean> {
    const at = await this.view(FIXED_SIZE[type] ?? 0);
    const b = this.buf;
    switch (type) {
      case GGUF_TYPE.UINT8:
        return b.getUint8(at);
      case GGUF_TYPE.INT8:
        return b.getInt8(at);
      case GGUF_TYPE.UINT16:
        return b.getUint16(at, true);
      case GGUF_TYPE.INT16:
        return b.getInt16(at, true);
      case GGUF_TYPE.UINT32:
        return b.getUint32(at, true);
      case GGUF_TYPE.INT32:
        return b.getInt32(at, true);
      case GGUF_TYPE.FLOAT32:
        return b.getFloat32(at, true);
      case GGUF_TYPE.BOOL:
        return b.getUint8(at) !== 0;
      case GGUF_TYPE.UINT64:
        return Number(b.getBigUint64(at, true));
      case GGUF_TYPE.INT64:
        return Number(b.getBigInt64(at, true));
      default:
        return b.getFloat64(at, true);
    }
  }
  async string(): Promise<string> {
    const n = await this.u64();
    if (n > MAX_STRING) throw new GgufError('corrupt', `The GGUF header has a string of ${n} bytes: not a valid file.`);
    const at = await this.view(n);
    return new TextDecoder().decode(new Uint8Array(this.buf.buffer, at, n));
  }
  async skip(n: number): Promise<void> {
    if (this.pos + n > this.blob.size) {
      throw new GgufError('truncated', `The file ends inside its GGUF header (at byte ${this.blob.size}).`);
    }
    this.pos += n;
  }
}

type Value = number | boolean | string | undefined;

/** Reads one value; arrays are walked but not kept (only their length matters here). */
async function readValue(r: SliceReader, type: number): Promise<Value> {
  if (type === GGUF_TYPE.STRING) return r.string();
  if (type in FIXED_SIZE) return r.scalar(type);
  if (type !== GGUF_TYPE.ARRAY) throw new GgufError('corrupt', `Unknown GGUF value type ${type}.`);
  const itemType = await r.u32();
  const count = await r.u64();
  if (count > MAX_COUNT) throw new GgufError('corrupt', `The GGUF header has an array of ${count} items.`);
  if (itemType in FIXED_SIZE) {
    await r.skip(count * (FIXED_SIZE[itemType] ?? 0));
  } else if (itemType === GGUF_TYPE.STRING) {
    for (let i = 0; i < count; i++) await r.skip(await r.u64());
  } else if (itemType === GGUF_TYPE.ARRAY) {
    for (let i = 0; i < count; i++) await readValue(r, GGUF_TYPE.ARRAY);
  } else {
    throw new GgufError('corrupt', `Unknown GGUF array item type ${itemType}.`);
  }
  return undefined;
}

async function readPreamble(r: SliceReader): Promise<{ tensors: number; kvs: number }> {
  if (r.size < 4) throw new GgufError('not-gguf', 'This file is not a GGUF model (it is too short).');
  const magic = await r.u32();
  if (magic !== 0x46554747) throw new GgufError('not-gguf', 'This file is not a GGUF model (no GGUF signature).');
  const version = await r.u32();
  if (version !== 2 && version !== 3) {
    throw new GgufError('unsupported', `GGUF version ${version} is not supported (versions 2 and 3 are).`);
  }
  const tensors = await r.u64();
  const kvs = await r.u64();
  if (tensors > MAX_COUNT || kvs > MAX_COUNT) {
    throw new GgufError('corrupt', `The GGUF header claims ${tensors} tensors and ${kvs} keys: not a valid file.`);
  }
  return { tensors, kvs };
}

/** ggml tensor type → [elements per block, bytes per block], for the types GGUF files use. */
const TYPE_SIZE: Record<number, [number, number]> = {
  0: [1, 4], 1: [1, 2], 2: [32, 18], 3: [32, 20], 6: [32, 22], 7: [32, 24], 8: [32, 34], 9: [32, 36],
  10: [256, 84], 11: [256, 110], 12: [256, 144], 13: [256, 176], 14: [256, 210], 15: [256, 292],
  16: [256, 66], 17: [256, 74], 18: [256, 98], 19: [256, 50], 20: [32, 18], 21: [256, 110], 22: [256, 82],
  23: [256, 136], 24: [1, 1], 25: [1, 2], 26: [1, 4], 27: [1, 8], 28: [1, 8], 29: [256, 56], 30: [1, 2],
}; // prettier-ignore

interface TensorSummary {
  parameters: number;
  /** Bytes the tensor data needs after the data section starts; undefined when a type is not in the table. */
  dataBytes: number | undefined;
}

/** Walks the tensor infos: the parameter count, and how long the data section must be. */
async function readTensorInfos(r: SliceReader, tensors: number): Promise<TensorSummary> {
  let parameters = 0;
  let dataBytes: number | undefined = 0;
  for (let i = 0; i < tensors; i++) {
    await r.skip(await r.u64());
    const dims = await r.u32();
    if (dims > MAX_DIMS) throw new GgufError('corrupt', `A GGUF tensor claims ${dims} dimensions.`);
    let n = 1;
    for (let d = 0; d < dims; d++) n *= await r.u64();
    parameters += n;
    const size = TYPE_SIZE[await r.u32()];
    const offset = await r.u64();
    dataBytes = size && dataBytes !== undefined ? Math.max(dataBytes, offset + (n / size[0]) * size[1]) : undefined;
  }
  return { parameters, dataBytes };
}

function toInfo(kv: Map<string, Value>, parameterCount: number): GgufInfo {
  const architecture = kv.get('general.architecture');
  if (typeof architecture !== 'string') {
    throw new GgufError('corrupt', 'The GGUF header does not name its architecture (general.architecture).');
  }
  const num = (key: string): number | undefined => {
    const v = kv.get(key);
    return typeof v === 'number' ? v : undefined;
  };
  const str = (key: string): string | undefined => {
    const v = kv.get(key);
    return typeof v === 'string' ? v : undefined;
  };
  const fileType = num('general.file_type');
  return {
    architecture,
    name: str('general.name'),
    quantisation: fileType === undefined ? undefined : (FILE_TYPES[fileType] ?? `type ${fileType}`),
    parameterCount: num('general.parameter_count') ?? (parameterCount > 0 ? parameterCount : undefined),
    contextLength: num(`${architecture}.context_length`),
    chatTemplate: str('tokenizer.chat_template'),
    splitCount: num('split.count'),
  };
}

/** Reads a GGUF file's header. Throws a {@link GgufError} with a sentence a person can act on. */
export async function readGgufHeader(blob: Blob): Promise<GgufInfo> {
  const r = new SliceReader(blob);
  const { tensors, kvs } = await readPreamble(r);
  const kv = new Map<string, Value>();
  for (let i = 0; i < kvs; i++) {
    const key = await r.string();
    kv.set(key, await readValue(r, await r.u32()));
  }
  const { parameters, dataBytes } = await readTensorInfos(r, tensors);
  const info = toInfo(kv, parameters);
  const alignment = Number(kv.get('general.alignment') ?? 32) || 32;
  const dataStart = Math.ceil(r.pos / alignment) * alignment;
  if (dataBytes !== undefined && dataStart + dataBytes > blob.size) {
    throw new GgufError(
      'truncated',
      `The file is truncated: its header describes ${dataStart + dataBytes} bytes but it has ${blob.size}.`,
    );
  }
  return info;
}
