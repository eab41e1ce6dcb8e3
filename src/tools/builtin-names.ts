/**
 * The names of the built-in tools, for code that needs no more than their names (an import checking custom tools
 * against them): importing the tools themselves would put every implementation in the first load. registry.test.ts
 * keeps this list equal to the registry's.
 */
export const BUILTIN_TOOL_NAMES: readonly string[] = [
  'calculator',
  'get_current_time',
  'date_calc',
  'get_weather',
  'search_web',
  'todo',
  'save_note',
  'search_notes',
  'read_file',
  'query_data',
  'run_javascript',
  'search_knowledge',
];
