const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A new id with our prefix, e.g. `sess_k3j9…`: 16 random base-36 characters. */
export function newId(prefix: string): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let suffix = '';
  for (const byte of bytes) suffix += alphabet[byte % 36];
  return `${prefix}_${suffix}`;
}
