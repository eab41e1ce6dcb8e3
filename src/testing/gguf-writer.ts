/**
 * Writes a tiny GGUF model for tests and the bench: llama architecture, a few layers of random weights (F32 or
 * Q8_0), a GPT-2-style byte-level BPE vocabulary (the 256 bytes + ChatML specials, no merges) and a ChatML chat
 * template (optionally a Hermes-style one with `<tool_call>`, so llama.cpp's tool-call parser applies). It loads in
 * llama.cpp (wllama) and produces gibberish quickly: enough to test loading, streaming, Stop, speed and grammars.
 * No model weights can be downloaded on our machines, so this is how every local-model test gets a file.
 */
import { GGUF_TYPE } from '../model/local/gguf-header';

export interface TinyGgufOptions {
  /** Width of the model (multiple of 32 for Q8_0). Default 64. */
  embedding?: number;
  layers?: number;
  heads?: number;
  feedForward?: number;
  contextLength?: number;
  quantisation?: 'F32' | 'Q8_0';
  /** A chat template that mentions tools (Hermes `<tool_call>` format) instead of plain ChatML. */
  toolTemplate?: boolean;
  name?: string;
  seed?: number;
  /** Make `<|im_end|>` and `"` likely enough that replies and strings end after some tens of tokens (a number: how much, 0.3 for `true`). */
  stopsSoon?: boolean | number;
  /** Leave out these keys (to test readers on unusual files). */
  omitKeys?: string[];
}

export const CHATML_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + (message['content'] or '') + '<|im_end|>\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** ChatML with Hermes/Qwen tool calls: tools listed in the system turn, calls as `<tool_call>{json}</tool_call>`. */
export const HERMES_TOOL_TEMPLATE =
  "{% if tools %}{{ '<|im_start|>system\\n# Tools\\n<tools>' }}{% for tool in tools %}{{ '\\n' + (tool | tojson) }}{% endfor %}" +
  '{{ \'\\n</tools>\\nFor each call return <tool_call>{"name": <name>, "arguments": <args>}</tool_call><|im_end|>\\n\' }}{% endif %}' +
  "{% for message in messages %}{% if message['role'] == 'assistant' and message['tool_calls'] %}" +
  "{{ '<|im_start|>assistant\\n' }}{% for call in message['tool_calls'] %}{{ '<tool_call>\\n' + ({'name': call['function']['name'], 'arguments': call['function']['arguments']} | tojson) + '\\n</tool_call>' }}{% endfor %}{{ '<|im_end|>\\n' }}" +
  "{% elif message['role'] == 'tool' %}{{ '<|im_start|>user\\n<tool_response>\\n' + message['content'] + '\\n</tool_response><|im_end|>\\n' }}" +
  "{% else %}{{ '<|im_start|>' + message['role'] + '\\n' + (message['content'] or '') + '<|im_end|>\\n' }}{% endif %}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

const SPECIALS = ['<|im_start|>', '<|im_end|>', '<|endoftext|>'];
/** `<|im_end|>`: the end of a turn. */
const END = 257;
/** `"`: closes a JSON string. */
const QUOTE = 0x22;
const GGML_F32 = 0;
const GGML_Q8_0 = 8;
const ALIGN = 32;

/** GPT-2's byte → printable character mapping (the byte-level BPE alphabet). */
function byteTokens(): string[] {
  const keep: number[] = [];
  for (let b = 33; b <= 126; b++) keep.push(b);
  for (let b = 161; b <= 172; b++) keep.push(b);
  for (let b = 174; b <= 255; b++) keep.push(b);
  const out: string[] = [];
  let extra = 0;
  for (let b = 0; b < 256; b++) out.push(String.fromCodePoint(keep.includes(b) ? b : 256 + extra++));
  return out;
}

class ByteSink {
  private chunks: Uint8Array[] = [];
  length = 0;
  push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }
  num(type: number, value: number): void {
    const size = type === GGUF_TYPE.UINT64 || type === GGUF_TYPE.FLOAT64 ? 8 : type === GGUF_TYPE.BOOL ? 1 : 4;
    const v = new DataView(new ArrayBuffer(size));
    if (type === GGUF_TYPE.UINT64) v.setBigUint64(0, BigInt(value), true);
    else if (type === GGUF_TYPE.FLOAT32) v.setFloat32(0, value, true);
    else if (type === GGUF_TYPE.INT32) v.setInt32(0, value, true);
    else if (type === GGUF_TYPE.BOOL) v.setUint8(0, value);
    else v.setUint32(0, value, true);
    this.push(new Uint8Array(v.buffer));
  }
  str(s: string): void {
    const bytes = new TextEncoder().encode(s);
    this.num(GGUF_TYPE.UINT64, bytes.length);
    this.push(bytes);
  }
  pad(): void {
    const rem = this.length % ALIGN;
    if (rem) this.push(new Uint8Array(ALIGN - rem));
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

type KvValue =
  | { type: 'u32' | 'f32' | 'bool'; value: number }
  | { type: 'str'; value: string }
  | { type: 'strs'; value: string[] }
  | { type: 'i32s'; value: number[] };

function writeKv(sink: ByteSink, key: string, kv: KvValue): void {
  sink.str(key);
  const scalar = { u32: GGUF_TYPE.UINT32, f32: GGUF_TYPE.FLOAT32, bool: GGUF_TYPE.BOOL } as const;
  if (kv.type === 'str') {
    sink.num(GGUF_TYPE.UINT32, GGUF_TYPE.STRING);
    sink.str(kv.value);
  } else if (kv.type === 'strs' || kv.type === 'i32s') {
    sink.num(GGUF_TYPE.UINT32, GGUF_TYPE.ARRAY);
    sink.num(GGUF_TYPE.UINT32, kv.type === 'strs' ? GGUF_TYPE.STRING : GGUF_TYPE.INT32);
    sink.num(GGUF_TYPE.UINT64, kv.value.length);
    for (const v of kv.value) {
      if (typeof v === 'string') sink.str(v);
      else sink.num(GGUF_TYPE.INT32, v);
    }
  } else {
    sink.num(GGUF_TYPE.UINT32, scalar[kv.type]);
    sink.num(scalar[kv.type], kv.value);
  }
}

/** A deterministic PRNG (mulberry32): the same seed gives the same file. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function toHalf(x: number): number {
  const f = new Float32Array([x]);
  const i = new Uint32Array(f.buffer)[0] ?? 0;
  const sign = (i >>> 16) & 0x8000;
  const exp = ((i >>> 23) & 0xff) - 127 + 15;
  const mant = (i >>> 13) & 0x3ff;
  if (exp <= 0) return sign;
  if (exp >= 31) return sign | 0x7c00;
  return sign | (exp << 10) | mant;
}

function tensorData(values: Float32Array, q8: boolean): Uint8Array {
  if (!q8) return new Uint8Array(values.buffer);
  const blocks = values.length / 32;
  const out = new DataView(new ArrayBuffer(blocks * 34));
  for (let b = 0; b < blocks; b++) {
    let max = 0;
    for (let j = 0; j < 32; j++) max = Math.max(max, Math.abs(values[b * 32 + j] ?? 0));
    const scale = max / 127 || 1;
    out.setUint16(b * 34, toHalf(scale), true);
    for (let j = 0; j < 32; j++) out.setInt8(b * 34 + 2 + j, Math.round((values[b * 32 + j] ?? 0) / scale));
  }
  return new Uint8Array(out.buffer);
}

interface Tensor {
  name: string;
  dims: number[];
  norm: boolean;
}

function tensorList(o: Required<Pick<TinyGgufOptions, 'embedding' | 'layers' | 'feedForward'>>, vocab: number) {
  const e = o.embedding;
  const t: Tensor[] = [
    { name: 'token_embd.weight', dims: [e, vocab], norm: false },
    { name: 'output_norm.weight', dims: [e], norm: true },
    { name: 'output.weight', dims: [e, vocab], norm: false },
  ];
  for (let i = 0; i < o.layers; i++) {
    const p = `blk.${i}.`;
    t.push({ name: `${p}attn_norm.weight`, dims: [e], norm: true });
    for (const m of ['attn_q', 'attn_k', 'attn_v', 'attn_output'])
      t.push({ name: `${p}${m}.weight`, dims: [e, e], norm: false });
    t.push({ name: `${p}ffn_norm.weight`, dims: [e], norm: true });
    t.push({ name: `${p}ffn_gate.weight`, dims: [e, o.feedForward], norm: false });
    t.push({ name: `${p}ffn_up.weight`, dims: [e, o.feedForward], norm: false });
    t.push({ name: `${p}ffn_down.weight`, dims: [o.feedForward, e], norm: false });
  }
  return t;
}

function metadata(o: Required<TinyGgufOptions>, tokens: string[]): [string, KvValue][] {
  const types = tokens.map((_, i) => (i < 256 ? 1 : 3));
  const kvs: [string, KvValue][] = [
    ['general.architecture', { type: 'str', value: 'llama' }],
    ['general.name', { type: 'str', value: o.name }],
    ['general.file_type', { type: 'u32', value: o.quantisation === 'Q8_0' ? 7 : 0 }],
    ['general.alignment', { type: 'u32', value: ALIGN }],
    ['llama.context_length', { type: 'u32', value: o.contextLength }],
    ['llama.embedding_length', { type: 'u32', value: o.embedding }],
    ['llama.block_count', { type: 'u32', value: o.layers }],
    ['llama.feed_forward_length', { type: 'u32', value: o.feedForward }],
    ['llama.attention.head_count', { type: 'u32', value: o.heads }],
    ['llama.attention.head_count_kv', { type: 'u32', value: o.heads }],
    ['llama.rope.dimension_count', { type: 'u32', value: o.embedding / o.heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-5 }],
    ['llama.vocab_size', { type: 'u32', value: tokens.length }],
    ['tokenizer.ggml.model', { type: 'str', value: 'gpt2' }],
    ['tokenizer.ggml.pre', { type: 'str', value: 'default' }],
    ['tokenizer.ggml.tokens', { type: 'strs', value: tokens }],
    ['tokenizer.ggml.token_type', { type: 'i32s', value: types }],
    ['tokenizer.ggml.merges', { type: 'strs', value: [] }],
    ['tokenizer.ggml.bos_token_id', { type: 'u32', value: 258 }],
    ['tokenizer.ggml.eos_token_id', { type: 'u32', value: 257 }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: 0 }],
    ['tokenizer.chat_template', { type: 'str', value: o.toolTemplate ? HERMES_TOOL_TEMPLATE : CHATML_TEMPLATE }],
  ];
  return kvs.filter(([k]) => !o.omitKeys.includes(k));
}

/**
 * The output layer decides what the model says: only printable ASCII, newline and `<|im_end|>` get (large) random
 * logits, every other token a zero row. Random bytes would make invalid UTF-8, which llama.cpp's server cannot put
 * in JSON; this way the gibberish is ASCII and the reply sometimes ends by itself.
 */
function shapeOutput(values: Float32Array, embedding: number, stopsSoon: boolean | number): void {
  const speaks = (token: number): boolean => (token >= 0x20 && token < 0x7f) || token === 0x0a || token === END;
  const rows = values.length / embedding;
  const sum = new Float32Array(embedding);
  for (let token = 0; token < rows; token++) {
    const row = values.subarray(token * embedding, (token + 1) * embedding);
    if (speaks(token)) row.forEach((v, i) => (row[i] = v * 40));
    else row.fill(0);
    if (speaks(token) && token !== END) row.forEach((v, i) => (sum[i] = (sum[i] ?? 0) + v));
  }
  // The end token's logit is then a fraction of the sum of the others': now and then it beats them all. `"` gets a
  // smaller fraction: in free text the end token wins where both would, while inside a JSON string (where a grammar
  // forbids the end token) `"` wins there, so strings close after some tens of characters too.
  if (stopsSoon) {
    const share = typeof stopsSoon === 'number' ? stopsSoon : 0.3;
    values.set(
      sum.map((v) => v * share),
      END * embedding,
    );
    values.set(
      sum.map((v) => v * share * 0.8),
      QUOTE * embedding,
    );
  }
}

/** Builds the whole file in memory (a few hundred KB with the defaults). */
export function writeTinyGguf(options: TinyGgufOptions = {}): Uint8Array {
  const o: Required<TinyGgufOptions> = {
    embedding: 64, layers: 2, heads: 4, feedForward: 128, contextLength: 4096, quantisation: 'F32',
    toolTemplate: false, name: 'glassbox-tiny', seed: 39, stopsSoon: false, omitKeys: [], ...options,
  }; // prettier-ignore
  const tokens = [...byteTokens(), ...SPECIALS];
  const kvs = metadata(o, tokens);
  const tensors = tensorList(o, tokens.length);
  const rand = random(o.seed);
  const sink = new ByteSink();
  sink.push(new TextEncoder().encode('GGUF'));
  sink.num(GGUF_TYPE.UINT32, 3);
  sink.num(GGUF_TYPE.UINT64, tensors.length);
  sink.num(GGUF_TYPE.UINT64, kvs.length);
  for (const [k, v] of kvs) writeKv(sink, k, v);
  const data = tensors.map((t) => {
    const n = t.dims.reduce((a, b) => a * b, 1);
    const values = new Float32Array(n).map(() => (t.norm ? 1 : (rand() - 0.5) * 0.2));
    if (t.name === 'output.weight') shapeOutput(values, o.embedding, o.stopsSoon);
    return tensorData(values, o.quantisation === 'Q8_0' && !t.norm);
  });
  let offset = 0;
  tensors.forEach((t, i) => {
    sink.str(t.name);
    sink.num(GGUF_TYPE.UINT32, t.dims.length);
    for (const d of t.dims) sink.num(GGUF_TYPE.UINT64, d);
    sink.num(GGUF_TYPE.UINT32, o.quantisation === 'Q8_0' && !t.norm ? GGML_Q8_0 : GGML_F32);
    sink.num(GGUF_TYPE.UINT64, offset);
    offset += Math.ceil((data[i]?.length ?? 0) / ALIGN) * ALIGN;
  });
  for (const d of data) {
    sink.pad();
    sink.push(d);
  }
  return sink.bytes();
}
