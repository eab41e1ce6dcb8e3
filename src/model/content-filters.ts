/** Output of a content filter step: what is answer text and what is reasoning. */
export interface SplitContent {
  text: string;
  reasoning: string;
}

const THINK_OPEN = '<think>';
const THINK_CLOSE = '</think>';

/** Length of the longest suffix of `text` that is a proper prefix of `marker`. */
function partialSuffixLength(text: string, marker: string): number {
  const longest = Math.min(text.length, marker.length - 1);
  for (let length = longest; length > 0; length--) {
    if (marker.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}

/**
 * Routes a leading `<think>…</think>` block in `content` to reasoning (models served without a reasoning
 * parser, e.g. DeepSeek-R1 distills or Qwen3 behind Ollama, LM Studio, Together). Only a block at the very
 * start counts; `<think>` later in an answer is left alone.
 */
export function createThinkTagSplitter() {
  let state: 'start' | 'thinking' | 'text' = 'start';
  let buffer = '';

  const drainThinking = (): SplitContent => {
    const close = buffer.indexOf(THINK_CLOSE);
    if (close !== -1) {
      const reasoning = buffer.slice(0, close);
      const text = buffer.slice(close + THINK_CLOSE.length).replace(/^\s+/, '');
      state = 'text';
      buffer = '';
      return { reasoning, text };
    }
    const keep = partialSuffixLength(buffer, THINK_CLOSE);
    const reasoning = buffer.slice(0, buffer.length - keep);
    buffer = buffer.slice(buffer.length - keep);
    return { reasoning, text: '' };
  };

  return {
    push(content: string): SplitContent {
      if (state === 'text') return { text: content, reasoning: '' };
      buffer += content;
      if (state === 'start') {
        const trimmed = buffer.replace(/^\s+/, '');
        if (trimmed.length === 0 || (trimmed.length < THINK_OPEN.length && THINK_OPEN.startsWith(trimmed))) {
          return { text: '', reasoning: '' };
        }
        if (!trimmed.startsWith(THINK_OPEN)) {
          state = 'text';
          const text = buffer;
          buffer = '';
          return { text, reasoning: '' };
        }
        state = 'thinking';
        buffer = trimmed.slice(THINK_OPEN.length);
      }
      return drainThinking();
    },
    /** Releases anything held back: leading whitespace as text, an unclosed think block as reasoning. */
    flush(): SplitContent {
      const held = buffer;
      buffer = '';
      if (state === 'thinking') return { text: '', reasoning: held };
      return { text: held, reasoning: '' };
    },
  };
}

/** Tool-call markup that some servers (llama.cpp, LM Studio, vLLM without a parser) leak into `content`. */
export const TOOL_MARKUP_MARKERS = ['<tool_call>', '<function=', '<|tool_call', '[TOOL_CALLS]'] as const;

/**
 * Holds back content from the first tool-call marker on, so leaked markup never reaches the transcript
 * when real `tool_calls` follow. If none follow, the held text is released unchanged at the end:
 * tool calls are never inferred from text.
 */
export function createToolMarkupFilter() {
  let held = '';
  let holding = false;
  let dropped = false;

  return {
    push(content: string): string {
      if (holding) {
        held += content;
        return '';
      }
      const buffer = held + content;
      let earliest = -1;
      for (const marker of TOOL_MARKUP_MARKERS) {
        const position = buffer.indexOf(marker);
        if (position !== -1 && (earliest === -1 || position < earliest)) earliest = position;
      }
      if (earliest !== -1) {
        holding = true;
        held = buffer.slice(earliest);
        return buffer.slice(0, earliest);
      }
      let keep = 0;
      for (const marker of TOOL_MARKUP_MARKERS) keep = Math.max(keep, partialSuffixLength(buffer, marker));
      held = buffer.slice(buffer.length - keep);
      return buffer.slice(0, buffer.length - keep);
    },
    /**
     * Real tool calls arrived: held-back markup is discarded. A held partial marker (a lone `<`) was not
     * markup after all and is returned as text.
     */
    discard(): string {
      const release = holding ? '' : held;
      if (holding) dropped = true;
      held = '';
      holding = false;
      return release;
    },
    /** True once held-back markup was discarded. */
    get droppedMarkup(): boolean {
      return dropped;
    },
    /** End of content: releases held text (no tool calls came, so it was just text). */
    flush(): string {
      const text = held;
      held = '';
      holding = false;
      return text;
    },
  };
}
