/**
 * Remembers what an endpoint accepts, so a rejected option is dropped once and not re-sent on every call.
 * Keys: the base URL itself answers "does it accept `stream_options`?"; `optionMemoryKey` builds keys for
 * other options. `false` means the endpoint rejected the option.
 */
export interface EndpointMemory {
  get(key: string): boolean | undefined;
  set(key: string, value: boolean): void;
}

/** A memory held in a Map for the lifetime of the page. */
export function createInMemoryEndpointMemory(): EndpointMemory {
  const values = new Map<string, boolean>();
  return {
    get: (key) => values.get(key),
    set: (key, value) => {
      values.set(key, value);
    },
  };
}

/** The memory models share when none is injected. */
export const defaultEndpointMemory: EndpointMemory = createInMemoryEndpointMemory();

/** The memory key for one request option at one endpoint (`stream_options` uses the bare base URL). */
export function optionMemoryKey(baseUrl: string, option: string): string {
  return option === 'stream_options' ? baseUrl : `${baseUrl} ${option}`;
}
