import { describe, expect, it } from 'vitest';
import { CHATML_TEMPLATE, HERMES_TOOL_TEMPLATE } from '../../testing/gguf-writer.ts';
import { localContextSize, localThreads, templateSupportsTools } from './local-provider.ts';

describe('local provider facts', () => {
  it('uses every core the page reports when cross-origin isolated, else one thread', () => {
    expect(localThreads({ crossOriginIsolated: true, navigator: { hardwareConcurrency: 2 } })).toEqual({
      threads: 2,
      isolated: true,
    });
    expect(localThreads({ crossOriginIsolated: false, navigator: { hardwareConcurrency: 8 } }).threads).toBe(1);
    expect(localThreads({ crossOriginIsolated: true, navigator: {} }).threads).toBe(1);
  });

  it('loads at least 4,096 tokens of context, at most 8,192, never beyond the trained length unless that is below 4,096', () => {
    expect(localContextSize(32768, 131072)).toBe(8192);
    expect(localContextSize(1024, 131072)).toBe(4096);
    expect(localContextSize(6000, undefined)).toBe(6000);
    expect(localContextSize(8192, 4096)).toBe(4096);
    expect(localContextSize(8192, 2048)).toBe(4096);
  });

  it('offers native tools only when the chat template formats tool calls', () => {
    expect(templateSupportsTools(HERMES_TOOL_TEMPLATE)).toBe(true);
    expect(templateSupportsTools(CHATML_TEMPLATE)).toBe(false);
    expect(templateSupportsTools(undefined)).toBe(false);
    // Llama 3.1 style: tools listed, calls written as JSON from message.tool_calls.
    expect(
      templateSupportsTools('{%- if tools %}{{ tools | tojson }}{% endif %}{%- for tool_call in message.tool_calls %}'),
    ).toBe(true);
  });
});
