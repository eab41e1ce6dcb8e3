/**
 * The in-browser model's worker stopped (llama.cpp aborted in WebAssembly, ran out of memory, or the worker threw):
 * the run in flight fails at once with this error, and the next run loads the model again in a new worker.
 * A module of its own so the model code can recognise it without importing wllama.
 */
export class LocalModelDiedError extends Error {
  override name = 'LocalModelDiedError';
  constructor(reason: string) {
    super(`The model stopped working: ${reason || 'its worker ended'}. It loads again on the next run.`);
  }
}
