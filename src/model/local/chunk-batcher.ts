/**
 * The model worker sends a completion's chunks to the page in batches, not one message per token: everything at once
 * until the first output (text or a tool call) has gone, so the time to first token gains nothing, then whatever
 * accumulated at most every `intervalMs`. Runs of plain text deltas in a
 * batch are merged into one chunk, so the page handles one text delta per batch however fast the model writes.
 */
import type { ChatCompletionChunk } from '@wllama/wllama';

/**
 * How often the page hears from a generating model, at most: four times a second. llama.cpp's threads use every
 * core, so each update the page shows (Markdown, React, style, layout, paint) is CPU the model does not get: on 2
 * cores, with the page's animations paused, Glassbox generated at 64% of bare wllama's speed with 32 ms batches, 76%
 * with 100 ms and 85% with 250 ms (`npm run bench` local-model, 2026-12-05).
 */
export const BATCH_INTERVAL_MS = 250;

export interface BatchClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const realClock: BatchClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export interface ChunkBatcher {
  push(chunk: ChatCompletionChunk): void;
  /** Sends what is pending now (at the end of the call, or before an error is told). */
  flush(): void;
}

export function createChunkBatcher(
  send: (chunks: ChatCompletionChunk[]) => void,
  intervalMs = BATCH_INTERVAL_MS,
  clock: BatchClock = realClock,
): ChunkBatcher {
  let pending: ChatCompletionChunk[] = [];
  let lastSent = Number.NEGATIVE_INFINITY;
  let timer: unknown;
  const flush = (): void => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const chunks = mergeTextChunks(pending);
    pending = [];
    // The opening chunk (the assistant's role, no text yet) does not start the interval.
    if (chunks.some(carriesOutput)) lastSent = clock.now();
    send(chunks);
  };
  return {
    push(chunk) {
      pending.push(chunk);
      if (timer !== undefined) return;
      const wait = lastSent + intervalMs - clock.now();
      if (wait <= 0) flush();
      else timer = clock.setTimeout(flush, wait);
    },
    flush,
  };
}

type TextKey = 'content' | 'reasoning_content';

/** Whether a chunk has something to show: text, reasoning or a tool call. */
export function carriesOutput(chunk: ChatCompletionChunk): boolean {
  return chunk.choices.some(({ delta }) => {
    const fields = delta as Record<string, unknown> | undefined;
    return Boolean(fields?.['content'] || fields?.['reasoning_content'] || fields?.['tool_calls']);
  });
}

/** The delta's one text field when the chunk carries nothing else (no tool call, finish, usage or timings). */
function plainText(chunk: ChatCompletionChunk): { key: TextKey; text: string } | undefined {
  if (chunk.usage || chunk.timings || chunk.prompt_progress || chunk.choices?.length !== 1) return undefined;
  const [choice] = chunk.choices;
  if (!choice || choice.finish_reason || choice.logprobs || !choice.delta) return undefined;
  const fields = Object.entries(choice.delta).filter(([, value]) => value !== undefined && value !== null);
  if (fields.length !== 1) return undefined;
  const [[key, text]] = fields as [[string, unknown]];
  if ((key !== 'content' && key !== 'reasoning_content') || typeof text !== 'string') return undefined;
  return { key, text };
}

/** Adjacent plain text chunks of the same field become one chunk (the first one's, with the texts joined). */
export function mergeTextChunks(chunks: readonly ChatCompletionChunk[]): ChatCompletionChunk[] {
  const merged: ChatCompletionChunk[] = [];
  let run: { key: TextKey; texts: string[]; first: ChatCompletionChunk } | undefined;
  const close = (): void => {
    if (!run) return;
    const { key, texts, first } = run;
    const [choice] = first.choices;
    merged.push(
      texts.length === 1
        ? first
        : {
            ...first,
            choices: [
              { ...choice!, delta: { [key]: texts.join('') } as ChatCompletionChunk['choices'][number]['delta'] },
            ],
          },
    );
    run = undefined;
  };
  for (const chunk of chunks) {
    const text = plainText(chunk);
    if (text && run?.key === text.key) {
      run.texts.push(text.text);
      continue;
    }
    close();
    if (text) run = { key: text.key, texts: [text.text], first: chunk };
    else merged.push(chunk);
  }
  close();
  return merged;
}
