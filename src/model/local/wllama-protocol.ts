/**
 * The messages between the page (wllama-runtime.ts) and the model worker (wllama-worker.ts, which owns the wllama
 * instances and runs their completion loops). Types and error conversion only: no wllama code, so the page side
 * stays free of it.
 */
import type { ChatCompletionChunk, ChatCompletionParams } from '@wllama/wllama';

/** What a chat call sends: wllama's parameters without the streaming switches the worker sets itself. */
export type WireChatParams = Omit<ChatCompletionParams, 'stream' | 'abortSignal' | 'onData'>;

export interface WireLoadOptions {
  contextSize: number;
  threads: number;
  embeddings: boolean;
}

/** A request that gets one answer (`done` or `failed`) with the same `call` number. */
export type WorkerCall =
  | { type: 'load'; call: number; instance: number; blobs: Blob[]; options: WireLoadOptions }
  | { type: 'chat'; call: number; instance: number; params: WireChatParams }
  | { type: 'embed'; call: number; instance: number; texts: string[] }
  | { type: 'exit'; call: number; instance: number };

/** Page → worker. `stop` aborts a chat call at once (it then fails with an AbortError). */
export type ToWorker = WorkerCall | { type: 'stop'; call: number };

/** An error as it crosses the worker boundary; `died` = the instance's worker is gone (it was let go). */
export interface WireError {
  name: string;
  message: string;
  died: boolean;
}

/** Worker → page. */
export type FromWorker =
  /** Chunks of a chat call, in order, several per message (see chunk-batcher.ts). */
  | { type: 'chunks'; call: number; chunks: ChatCompletionChunk[] }
  /** `threads`: what a load really got (1 when the worker cannot share memory); `vectors`: an embed call's. */
  | { type: 'done'; call: number; threads?: number; vectors?: Float32Array[] }
  | { type: 'failed'; call: number; error: WireError }
  /** An instance's worker died between or during calls; the instance is gone. */
  | { type: 'died'; instance: number; reason: string };

/** Any thrown value as a WireError (wllama throws Errors, and sometimes bare strings from its worker). */
export function toWireError(error: unknown, died = false): WireError {
  if (error instanceof Error) return { name: error.name, message: error.message, died };
  return { name: 'Error', message: typeof error === 'string' ? error : String(error), died };
}
