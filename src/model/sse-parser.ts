/** One server-sent event: its `event:` name (null when unnamed) and its joined `data:` lines. */
export interface ServerSentEvent {
  event: string | null;
  data: string;
}

/** An incremental `text/event-stream` parser: feed text as it arrives, get complete events back. */
export interface SseParser {
  /** Parses `text` (any split point) and returns the events it completed. */
  push(text: string): ServerSentEvent[];
  /** Ends the stream: returns a final event that had no blank line after it, if any. */
  flush(): ServerSentEvent[];
}

/**
 * Creates a parser that follows the SSE rules endpoints rely on: CRLF/LF/CR line ends, `:` comment
 * lines ignored (OpenRouter keep-alives), named events kept (Groq `event: error`), multi-line data joined.
 */
export function createSseParser(): SseParser {
  let buffer = '';
  let eventName: string | null = null;
  let dataLines: string[] = [];
  let sawAnyText = false;

  const dispatch = (events: ServerSentEvent[]): void => {
    if (dataLines.length === 0 && eventName === null) return;
    events.push({ event: eventName, data: dataLines.join('\n') });
    eventName = null;
    dataLines = [];
  };

  const handleLine = (line: string, events: ServerSentEvent[]): void => {
    if (line === '') {
      dispatch(events);
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
    // `id:` and `retry:` carry nothing a chat completion needs.
  };

  const drainLines = (final: boolean): ServerSentEvent[] => {
    const events: ServerSentEvent[] = [];
    let start = 0;
    for (let index = 0; index < buffer.length; index++) {
      const character = buffer[index];
      if (character !== '\n' && character !== '\r') continue;
      // A CR at the very end may be the first half of a CRLF split across pushes.
      if (character === '\r' && index === buffer.length - 1 && !final) break;
      handleLine(buffer.slice(start, index), events);
      if (character === '\r' && buffer[index + 1] === '\n') index++;
      start = index + 1;
    }
    buffer = buffer.slice(start);
    return events;
  };

  return {
    push(text) {
      if (!sawAnyText && text.length > 0) {
        sawAnyText = true;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      buffer += text;
      return drainLines(false);
    },
    flush() {
      const events = drainLines(true);
      if (buffer.length > 0) {
        handleLine(buffer, events);
        buffer = '';
      }
      dispatch(events);
      return events;
    },
  };
}
