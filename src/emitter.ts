/** A set of listeners for one kind of event; a listener that throws does not keep the others from hearing it. */
export interface Emitter<T> {
  /** Calls `listener` with each value emitted from now on; returns the function that stops it. */
  on(listener: (value: T) => void): () => void;
  emit(value: T): void;
}

export function createEmitter<T>(name: string): Emitter<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(value) {
      // A copy: a listener may stop itself or another while this runs.
      for (const listener of [...listeners]) {
        try {
          listener(value);
        } catch (error) {
          console.error(`A ${name} listener failed`, error);
        }
      }
    },
  };
}
