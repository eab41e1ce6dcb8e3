import { describe, expect, it } from 'vitest';
import { createEndpointMemory, endpointKey, protocolMemoryOf, type EndpointMemoryStorage } from './endpoint-memory.ts';

function fakeStorage(initial: string | null = null): EndpointMemoryStorage & { text: string | null } {
  const storage = {
    text: initial,
    read: () => storage.text,
    write: (text: string) => {
      storage.text = text;
    },
  };
  return storage;
}

const llama = endpointKey({ provider: 'custom', baseUrl: 'http://localhost:8080/v1', model: 'qwen' });

describe('endpoint memory', () => {
  it('keeps option and protocol facts of one endpoint together, and a new page load reads them back', () => {
    const storage = fakeStorage();
    const memory = createEndpointMemory(storage);
    memory.set(llama, 'stream_options', false);
    protocolMemoryOf(memory).set(llama, 'react');

    const afterReload = createEndpointMemory(storage);
    expect(afterReload.get(llama, 'stream_options')).toBe(false);
    expect(protocolMemoryOf(afterReload).get(llama)).toBe('react');
    expect(
      afterReload.get(
        endpointKey({ provider: 'custom', baseUrl: 'http://localhost:8080/v1', model: 'other' }),
        'protocol',
      ),
    ).toBeUndefined();
    expect(JSON.parse(storage.text ?? '{}')).toEqual({ [llama]: { stream_options: false, protocol: 'react' } });
  });

  it('keeps facts another tab wrote meanwhile', () => {
    const storage = fakeStorage();
    const first = createEndpointMemory(storage);
    const second = createEndpointMemory(storage);
    first.set(llama, 'protocol', 'react');
    second.set('openai https://api.openai.com/v1 gpt-4o', 'temperature', false);
    const reloaded = createEndpointMemory(storage);
    expect(reloaded.get(llama, 'protocol')).toBe('react');
    expect(reloaded.get('openai https://api.openai.com/v1 gpt-4o', 'temperature')).toBe(false);
  });

  it('forgets damaged or foreign stored text instead of failing, and drops only the bad entries', () => {
    expect(createEndpointMemory(fakeStorage('{not json')).get(llama, 'protocol')).toBeUndefined();
    expect(createEndpointMemory(fakeStorage('[1,2]')).get(llama, 'protocol')).toBeUndefined();
    const mixed = createEndpointMemory(
      fakeStorage(JSON.stringify({ a: { protocol: 'carrier-pigeon' }, [llama]: { protocol: 'react' } })),
    );
    expect(mixed.get('a', 'protocol')).toBeUndefined();
    expect(mixed.get(llama, 'protocol')).toBe('react');
  });

  it('still remembers for the page when storage refuses to write', () => {
    const memory = createEndpointMemory({
      read: () => null,
      write: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    memory.set(llama, 'protocol', 'react');
    expect(memory.get(llama, 'protocol')).toBe('react');
  });
});
