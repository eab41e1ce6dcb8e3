// A note's embedding in a sessions file: its model, its dimension and its numbers as base64 of little-endian
// float32 (compact, and exact). Only the vector travels: never the endpoint, its key or anything else of the embedder.
import { z } from 'zod';

/** The most dimensions a stored vector may have (today's largest embedding models have 4096). */
export const MAX_VECTOR_DIMENSIONS = 16_384;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A note's vector as exported. */
export interface FileNoteVector {
  model: string;
  dimensions: number;
  /** The hash of the text the vector was computed from: a note edited since (or in the file) is embedded again. */
  textHash: string;
  /** base64 of the vector's float32 numbers, little-endian. */
  data: string;
}

/** The vector as a file carries it. */
export function encodeNoteVector(model: string, vector: Float32Array, textHash: string): FileNoteVector {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  vector.forEach((value, index) => view.setFloat32(index * 4, value, true));
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return { model, dimensions: vector.length, textHash, data: btoa(binary) };
}

/** The numbers of a file's vector, or why they cannot be read. */
export function decodeNoteVector(
  data: string,
  dimensions: number,
): { ok: true; vector: Float32Array } | { ok: false; reason: string } {
  let binary: string;
  try {
    binary = atob(data);
  } catch {
    return { ok: false, reason: 'data is not base64' };
  }
  if (binary.length !== dimensions * 4) {
    const numbers = binary.length / 4;
    return {
      ok: false,
      reason: `data holds ${Number.isInteger(numbers) ? numbers : numbers.toFixed(2)} numbers for ${dimensions} dimensions`,
    };
  }
  const view = new DataView(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) view.setUint8(index, binary.charCodeAt(index));
  const vector = new Float32Array(dimensions);
  let squares = 0;
  for (let index = 0; index < dimensions; index += 1) {
    const value = view.getFloat32(index * 4, true);
    if (!Number.isFinite(value)) return { ok: false, reason: `number ${index + 1} is not finite` };
    vector[index] = value;
    squares += value * value;
  }
  // Stored vectors are scaled to length 1 (cosine is then a dot product): anything else was not written by an export.
  if (Math.abs(Math.sqrt(squares) - 1) > 1e-3)
    return { ok: false, reason: `the vector's length is ${Math.sqrt(squares).toPrecision(3)}, not 1` };
  return { ok: true, vector };
}

/** A note's vector in a file, checked and decoded: the model, the dimension and numbers that match it. */
export const fileNoteVectorSchema = z
  .object({
    model: z.string().min(1).max(500),
    dimensions: z.number().int().min(1).max(MAX_VECTOR_DIMENSIONS),
    textHash: z.string().min(1).max(100),
    data: z
      .string()
      .max(Math.ceil((MAX_VECTOR_DIMENSIONS * 4) / 3) * 4 + 4)
      .regex(BASE64, 'expected base64'),
  })
  .transform((value, context) => {
    const decoded = decodeNoteVector(value.data, value.dimensions);
    if (!decoded.ok) {
      context.addIssue({ code: 'custom', path: ['data'], message: decoded.reason });
      return z.NEVER;
    }
    return { model: value.model, dimensions: value.dimensions, textHash: value.textHash, vector: decoded.vector };
  });

/** A note's vector read from a file, keyed by the note's id in that file. */
export interface ImportedNoteVector {
  noteId: string;
  model: string;
  dimensions: number;
  textHash: string;
  vector: Float32Array;
}
