// Splits the text of a top-level JSON array, arriving in chunks, into the text of each element, so a file far
// larger than memory allows as one string is parsed one element at a time (each with the native JSON.parse).
// Only the structure is tracked here (strings, escapes, nesting, commas); each element's own syntax is checked
// when it is parsed.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0xfeff;
}

/** Where the splitter stands: before the `[`, between elements, inside one, or after the `]`. */
type State = 'start' | 'before-element' | 'after-element' | 'element' | 'end';

/** The file is not a JSON array, or its structure is broken at `offset` (characters from the start). */
export class JsonArrayError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly notArray = false,
  ) {
    super(message);
    this.name = 'JsonArrayError';
  }
}

/** Splits a streamed top-level JSON array into element texts; `push` each decoded chunk, then `end`. */
export class JsonArraySplitter {
  private state: State = 'start';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private parts: string[] = [];
  private offset = 0;
  /** Elements completed so far. */
  count = 0;

  /** Feeds the next chunk of text; returns the elements it completed, in order. */
  push(chunk: string): string[] {
    const out: string[] = [];
    let start = this.state === 'element' ? 0 : -1;
    const length = chunk.length;
    // The next backslash at or after the cursor (-1: none left in this chunk), found again only once passed:
    // searching for it from every string would read a chunk without escapes once per string.
    let slash = chunk.indexOf('\\');
    for (let index = 0; index < length; index += 1) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          continue;
        }
        // Jump to the next quote or backslash: strings are most of a conversation's text.
        if (slash >= 0 && slash < index) slash = chunk.indexOf('\\', index);
        const quote = chunk.indexOf('"', index);
        const next = quote < 0 ? slash : slash < 0 ? quote : Math.min(quote, slash);
        if (next < 0) break;
        index = next;
        if (chunk.charCodeAt(index) === BACKSLASH) this.escaped = true;
        else this.inString = false;
        continue;
      }
      const code = chunk.charCodeAt(index);
      if (this.state === 'element') {
        if (code === QUOTE) this.inString = true;
        else if (code === OPEN_BRACE || code === OPEN_BRACKET) this.depth += 1;
        else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
          if (this.depth === 0) {
            if (code === CLOSE_BRACE) throw this.error('unexpected "}"', index);
            // A scalar element ends at the array's `]`.
            this.finish(chunk, start, index, out);
            this.state = 'end';
            continue;
          }
          this.depth -= 1;
          if (this.depth === 0 && this.isContainerEnd()) {
            this.finish(chunk, start, index + 1, out);
            this.state = 'after-element';
          }
        } else if (code === COMMA && this.depth === 0) {
          this.finish(chunk, start, index, out);
          this.state = 'before-element';
        }
        continue;
      }
      if (isSpace(code)) continue;
      if (this.state === 'start') {
        if (code !== OPEN_BRACKET) throw new JsonArrayError('not a JSON array', this.offset + index, true);
        this.state = 'before-element';
      } else if (this.state === 'before-element') {
        if (code === CLOSE_BRACKET && this.count === 0) {
          this.state = 'end';
          continue;
        }
        if (code === COMMA || code === CLOSE_BRACKET)
          throw this.error(`unexpected "${String.fromCharCode(code)}"`, index);
        this.state = 'element';
        this.containerStart = code;
        start = index;
        if (code === QUOTE) this.inString = true;
        else if (code === OPEN_BRACE || code === OPEN_BRACKET) this.depth = 1;
      } else if (this.state === 'after-element') {
        if (code === COMMA) this.state = 'before-element';
        else if (code === CLOSE_BRACKET) this.state = 'end';
        else throw this.error(`expected "," or "]" after element ${this.count}`, index);
      } else {
        throw this.error('text after the end of the array', index);
      }
    }
    if (this.state === 'element') this.parts.push(start <= 0 ? chunk : chunk.slice(start));
    this.offset += length;
    return out;
  }

  /** The input is over: throws unless the array was closed. */
  end(): void {
    if (this.state === 'start') throw new JsonArrayError('the file is empty', this.offset, true);
    if (this.state !== 'end') throw this.error('the array is not closed (the file may be truncated)', 0);
  }

  private containerStart = 0;

  /** A `{…}` or `[…]` element closes at depth 0; a string element has no depth and ends at a comma or `]`. */
  private isContainerEnd(): boolean {
    return this.containerStart === OPEN_BRACE || this.containerStart === OPEN_BRACKET;
  }

  private finish(chunk: string, start: number, end: number, out: string[]): void {
    this.parts.push(chunk.slice(Math.max(0, start), end));
    const text = this.parts.length === 1 ? (this.parts[0] as string) : this.parts.join('');
    this.parts = [];
    this.depth = 0;
    this.count += 1;
    out.push(text.trimEnd());
  }

  private error(message: string, index: number): JsonArrayError {
    return new JsonArrayError(message, this.offset + index);
  }
}
