/** Fills a byte array with random values (the shape of `crypto.getRandomValues`). */
export type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => void;

const defaultRandom: RandomSource = (bytes) => {
  globalThis.crypto.getRandomValues(bytes);
};

function randomHex(byteCount: number, random: RandomSource): string {
  const bytes = new Uint8Array(byteCount);
  random(bytes);
  // An all-zero id is invalid in W3C Trace Context and OTLP.
  if (bytes.every((byte) => byte === 0)) bytes[byteCount - 1] = 1;
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** A new trace id: 32 lowercase hex characters, never all zeros. */
export function newTraceId(random: RandomSource = defaultRandom): string {
  return randomHex(16, random);
}

/** A new span id: 16 lowercase hex characters, never all zeros. */
export function newSpanId(random: RandomSource = defaultRandom): string {
  return randomHex(8, random);
}

/** Whether a string is a valid trace id (32 lowercase hex, not all zeros). */
export function isTraceId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{32}$/.test(value) && !/^0+$/.test(value);
}

/** Whether a string is a valid span id (16 lowercase hex, not all zeros). */
export function isSpanId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{16}$/.test(value) && !/^0+$/.test(value);
}
