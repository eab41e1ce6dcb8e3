import { abortReason } from '../model/abort.ts';

/** An expected tool failure whose message is written for the model (bad input, offline, not found). */
export class ToolError extends Error {
  override name = 'ToolError';
}

/** The error a tool throws when the run's signal was aborted. */
export const abortError: (signal: AbortSignal) => unknown = abortReason;

/** Throws the abort reason when the signal is already aborted. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw abortError(signal);
}

/** A short description of any thrown value. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
