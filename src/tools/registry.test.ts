import { describe, it, expect } from 'vitest';
import { toToolSpec } from './define-tool.ts';
import { BUILTIN_TOOL_NAMES } from './builtin-names.ts';
import { builtinTools, enabledTools, findTool, withKnowledge } from './registry.ts';

const required = (name: string) => findTool(builtinTools, name)?.parameters.required;
const properties = (name: string) => Object.keys((findTool(builtinTools, name)?.parameters.properties ?? {}) as object);

describe('registry', () => {
  it('lists the built-in tools in table order', () => {
    // The names-only list (for the first load, src/tools/builtin-names.ts) is the table, in its order.
    expect(builtinTools.map((tool) => tool.name)).toEqual(BUILTIN_TOOL_NAMES);
    expect(BUILTIN_TOOL_NAMES[0]).toBe('calculator');
    expect(BUILTIN_TOOL_NAMES.at(-1)).toBe('search_knowledge');
  });

  it('publishes the main arguments of the public interface', () => {
    expect(required('calculator')).toEqual(['expression']);
    expect(properties('get_current_time')).toContain('timezone');
    expect(required('date_calc')).toEqual(['date']);
    expect(properties('date_calc')).toEqual(expect.arrayContaining(['add_days', 'days_between']));
    expect(required('get_weather')).toEqual(['city']);
    expect(required('search_web')).toEqual(['query']);
    expect(required('todo')).toEqual(['action']);
    expect(properties('todo')).toEqual(expect.arrayContaining(['text', 'id']));
    expect(required('save_note')).toEqual(['content']);
    expect(properties('save_note')).toContain('tags');
    expect(required('search_notes')).toEqual(['query']);
    // `name` is optional: without it read_file reads the only attached file or lists them.
    expect(properties('read_file')).toContain('name');
    expect(required('read_file') ?? []).toEqual([]);
    expect(required('run_javascript')).toEqual(['code']);
    expect(required('query_data')).toEqual(['sql']);
  });

  it('marks only run_javascript as restricted', () => {
    expect(builtinTools.filter((tool) => tool.restricted).map((tool) => tool.name)).toEqual(['run_javascript']);
  });

  it('produces OpenAI tool specs with object schemas and model-facing descriptions', () => {
    for (const tool of builtinTools) {
      const spec = toToolSpec(tool);
      expect(spec.function.parameters).toMatchObject({ type: 'object' });
      expect(spec.function.parameters.$schema).toBeUndefined();
      expect(spec.function.description.length).toBeGreaterThan(80);
      expect(spec.function.name).toMatch(/^[a-z_]+$/);
    }
  });

  it('keeps a tool enabled unless it is switched off explicitly', () => {
    const names = enabledTools(builtinTools, { get_weather: false, calculator: true, unknown_tool: false }).map(
      (tool) => tool.name,
    );
    expect(names).not.toContain('get_weather');
    expect(names).toContain('calculator');
    expect(names).toHaveLength(11);
    expect(enabledTools(builtinTools, {})).toHaveLength(12);
  });

  it('finds tools by exact name only', () => {
    expect(findTool(builtinTools, 'todo')?.name).toBe('todo');
    expect(findTool(builtinTools, 'TODO')).toBeUndefined();
    expect(findTool(builtinTools, 'constructor')).toBeUndefined();
  });
});

describe('withKnowledge', () => {
  it('offers search_knowledge only when the Knowledge library has documents', () => {
    expect(withKnowledge(builtinTools, false).map((tool) => tool.name)).not.toContain('search_knowledge');
    expect(withKnowledge(builtinTools, true).map((tool) => tool.name)).toContain('search_knowledge');
  });
});
