// Rows of vectors laid out for a fast scan: every dot product of a query with 20,000 rows of 384 floats. A plain
// JavaScript loop does one multiply-add at a time (13–25 ms for that scan in V8, the whole of a fused
// search_knowledge's time in a CPU profile); a small WebAssembly kernel with 128-bit SIMD does four (1.5–4 ms). The
// matrix lives in the kernel's own memory, filled once, so a scan copies only the query. Where WebAssembly SIMD is
// unavailable (or its memory cannot grow that far) the same interface runs the plain loop.

/** A matrix of `rows` vectors of `dimensions` floats and the dot products of a query with each of them. */
export interface VectorMatrix {
  readonly rows: number;
  readonly dimensions: number;
  /** Which loop computes the dot products: the WebAssembly SIMD kernel or plain JavaScript. */
  readonly kernel: 'simd' | 'plain';
  /** Copies a vector of `dimensions` floats into row `row`. */
  setRow(row: number, vector: ArrayLike<number>): void;
  /** The dot product of `query` (of `dimensions` floats) with every row; the array is reused by the next call. */
  dots(query: ArrayLike<number>): Float32Array;
}

/**
 * `dots(matrix, query, rows, rowBytes, out)`: for each row, the f32x4 sum of products over `rowBytes` (a multiple of
 * 16) starting at `matrix`, its four lanes added into the f32 at `out`; then `matrix += rowBytes`, `out += 4`.
 * Locals: 5 row, 6 end of the row, 7 query cursor, 8 the v128 accumulator. Exports its memory and `dots`.
 */
// prettier-ignore
const KERNEL_BODY = [
  0x02, 0x03, 0x7f, 0x01, 0x7b, // locals: 3 × i32, 1 × v128
  0x02, 0x40, 0x20, 0x02, 0x45, 0x0d, 0x00, // block; if rows == 0, leave
  0x03, 0x40, // loop over rows
  0xfd, 0x0c, ...Array.from({ length: 16 }, () => 0), 0x21, 0x08, // acc = 0
  0x20, 0x01, 0x21, 0x07, // cursor = query
  0x20, 0x00, 0x20, 0x03, 0x6a, 0x21, 0x06, // end = matrix + rowBytes
  0x03, 0x40, // loop over the row, four floats at a time
  0x20, 0x08, 0x20, 0x00, 0xfd, 0x00, 0x02, 0x00, 0x20, 0x07, 0xfd, 0x00, 0x02, 0x00, // acc, load row, load query
  0xfd, 0xe6, 0x01, 0xfd, 0xe4, 0x01, 0x21, 0x08, // acc = acc + row × query (f32x4.mul, f32x4.add)
  0x20, 0x07, 0x41, 0x10, 0x6a, 0x21, 0x07, // cursor += 16
  0x20, 0x00, 0x41, 0x10, 0x6a, 0x22, 0x00, // matrix += 16
  0x20, 0x06, 0x49, 0x0d, 0x00, // while matrix < end
  0x0b,
  0x20, 0x04, // out ←
  0x20, 0x08, 0xfd, 0x1f, 0x00, 0x20, 0x08, 0xfd, 0x1f, 0x01, 0x92, // lane 0 + lane 1
  0x20, 0x08, 0xfd, 0x1f, 0x02, 0x92, 0x20, 0x08, 0xfd, 0x1f, 0x03, 0x92, // + lane 2 + lane 3
  0x38, 0x02, 0x00, // f32.store
  0x20, 0x04, 0x41, 0x04, 0x6a, 0x21, 0x04, // out += 4
  0x20, 0x05, 0x41, 0x01, 0x6a, 0x22, 0x05, 0x20, 0x02, 0x49, 0x0d, 0x00, // while ++row < rows
  0x0b,
  0x0b,
  0x0b,
];

/** An unsigned LEB128 number, as WebAssembly writes lengths. */
function leb128(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  do {
    const low = rest & 0x7f;
    rest >>>= 7;
    bytes.push(rest === 0 ? low : low | 0x80);
  } while (rest !== 0);
  return bytes;
}

function section(id: number, bytes: readonly number[]): number[] {
  return [id, ...leb128(bytes.length), ...bytes];
}

function moduleBytes(): Uint8Array {
  const name = (text: string) => [text.length, ...Array.from(text, (char) => char.charCodeAt(0))];
  // prettier-ignore
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
    ...section(1, [0x01, 0x60, 0x05, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x00]), // type: (i32 × 5) → ()
    ...section(3, [0x01, 0x00]), // one function of type 0
    ...section(5, [0x01, 0x00, 0x01]), // one memory, 1 page to start
    ...section(7, [0x02, ...name('memory'), 0x02, 0x00, ...name('dots'), 0x00, 0x00]),
    ...section(10, [0x01, ...leb128(KERNEL_BODY.length), ...KERNEL_BODY]),
  ]);
}

let compiled: WebAssembly.Module | null | undefined;

/** The kernel, compiled once (synchronously: it is 192 bytes); null where WebAssembly SIMD is unavailable. */
function kernel(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    compiled = typeof WebAssembly === 'undefined' ? null : new WebAssembly.Module(moduleBytes() as BufferSource);
  } catch {
    compiled = null;
  }
  return compiled;
}

const PAGE = 65536;

/** The matrix in the kernel's memory: rows padded to a multiple of four floats, then the query, then the output. */
function simdMatrix(module: WebAssembly.Module, rows: number, dimensions: number): VectorMatrix | undefined {
  const stride = Math.ceil(dimensions / 4) * 4;
  const bytes = (rows * stride + stride + rows) * 4;
  const instance = new WebAssembly.Instance(module);
  const exports = instance.exports as { memory: WebAssembly.Memory; dots: (...args: number[]) => void };
  try {
    exports.memory.grow(Math.ceil(bytes / PAGE));
  } catch {
    return undefined; // more than the page may hold in one memory: the plain loop works on ordinary arrays
  }
  const { buffer } = exports.memory;
  const matrix = new Float32Array(buffer, 0, rows * stride);
  const queryOffset = rows * stride * 4;
  const query = new Float32Array(buffer, queryOffset, stride);
  const outOffset = queryOffset + stride * 4;
  const out = new Float32Array(buffer, outOffset, rows);
  return {
    rows,
    dimensions,
    kernel: 'simd',
    setRow(row, vector) {
      matrix.set(vector, row * stride);
    },
    dots(vector) {
      query.set(vector);
      if (rows > 0 && stride > 0) exports.dots(0, queryOffset, rows, stride * 4, outOffset);
      return out;
    },
  };
}

/** The same matrix on ordinary arrays, scanned by a plain loop. */
function plainMatrix(
  rows: number,
  dimensions: number,
  data: Float32Array = new Float32Array(rows * dimensions),
): VectorMatrix {
  const out = new Float32Array(rows);
  return {
    rows,
    dimensions,
    kernel: 'plain',
    setRow(row, vector) {
      data.set(vector, row * dimensions);
    },
    dots(query) {
      for (let row = 0; row < rows; row += 1) {
        const offset = row * dimensions;
        let dot = 0;
        for (let index = 0; index < dimensions; index += 1) dot += data[offset + index]! * query[index]!;
        out[row] = dot;
      }
      return out;
    },
  };
}

/** An empty matrix of `rows × dimensions` (zeros); `simd: false` forces the plain loop (tests compare the two). */
export function createVectorMatrix(rows: number, dimensions: number, options: { simd?: boolean } = {}): VectorMatrix {
  const module = options.simd === false || rows * dimensions === 0 ? null : kernel();
  return (module && simdMatrix(module, rows, dimensions)) ?? plainMatrix(rows, dimensions);
}

/** A matrix holding `data` (`rows × dimensions` floats, one row after another). */
export function vectorMatrixFrom(
  data: Float32Array,
  dimensions: number,
  options: { simd?: boolean } = {},
): VectorMatrix {
  const rows = dimensions === 0 ? 0 : Math.floor(data.length / dimensions);
  if (options.simd === false) return plainMatrix(rows, dimensions, data.subarray(0, rows * dimensions));
  const matrix = createVectorMatrix(rows, dimensions);
  for (let row = 0; row < rows; row += 1) matrix.setRow(row, data.subarray(row * dimensions, (row + 1) * dimensions));
  return matrix;
}
