/** Shortens an observation to at most `maxChars` characters, keeping its head and tail around a marker. */
export function truncateObservation(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  // The omitted count never has more digits than the full length, so this marker is never shorter than the final one.
  const budget = maxChars - markerFor(text.length).length;
  if (budget < 2) return safeSlice(text, 0, Math.max(0, maxChars));
  const headLength = Math.ceil(budget / 2);
  const tailLength = budget - headLength;
  const head = safeSlice(text, 0, headLength);
  const tail = safeSliceFromEnd(text, tailLength);
  const omitted = text.length - head.length - tail.length;
  return `${head}${markerFor(omitted)}${tail}`;
}

function markerFor(omitted: number): string {
  return `\n[… ${omitted} characters omitted …]\n`;
}

/** Slices without splitting a surrogate pair at the end. */
function safeSlice(text: string, start: number, end: number): string {
  let stop = end;
  if (stop > start && isHighSurrogate(text.charCodeAt(stop - 1))) stop -= 1;
  return text.slice(start, stop);
}

/** The last `length` characters, without starting inside a surrogate pair. */
function safeSliceFromEnd(text: string, length: number): string {
  if (length <= 0) return '';
  let start = text.length - length;
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start += 1;
  return text.slice(start);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
