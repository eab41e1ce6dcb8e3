import { describe, expect, it } from 'vitest';
import { createThinkTagSplitter, createToolMarkupFilter } from './content-filters.ts';

describe('createThinkTagSplitter', () => {
  it('leaves ordinary content alone and releases leading whitespace once text starts', () => {
    const splitter = createThinkTagSplitter();
    expect(splitter.push('\n')).toEqual({ text: '', reasoning: '' });
    expect(splitter.push('Hello <think> there')).toEqual({ text: '\nHello <think> there', reasoning: '' });
  });

  it('treats an unclosed think block as reasoning at the end', () => {
    const splitter = createThinkTagSplitter();
    expect(splitter.push('<think>still going</')).toEqual({ text: '', reasoning: 'still going' });
    expect(splitter.flush()).toEqual({ text: '', reasoning: '</' });
  });

  it('releases a lone partial opener that never completes as text', () => {
    const splitter = createThinkTagSplitter();
    expect(splitter.push('<th')).toEqual({ text: '', reasoning: '' });
    expect(splitter.flush()).toEqual({ text: '<th', reasoning: '' });
  });
});

describe('createToolMarkupFilter', () => {
  it('holds content from a marker on and discards it when real tool calls arrive', () => {
    const filter = createToolMarkupFilter();
    expect(filter.push('Sure. <tool')).toBe('Sure. ');
    expect(filter.push('_call>{"name":')).toBe('');
    expect(filter.discard()).toBe('');
    expect(filter.droppedMarkup).toBe(true);
  });

  it('recognises [TOOL_CALLS] and <function= markers', () => {
    const mistral = createToolMarkupFilter();
    expect(mistral.push('[TOOL_CALLS][{"name":"x"}]')).toBe('');
    const qwen = createToolMarkupFilter();
    expect(qwen.push('<function=get_weather>')).toBe('');
    expect(qwen.flush()).toBe('<function=get_weather>');
  });
});
