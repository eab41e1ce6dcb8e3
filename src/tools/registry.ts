import { calculatorTool } from './builtin/calculator.ts';
import { dateCalcTool } from './builtin/date-calc.ts';
import { getCurrentTimeTool } from './builtin/get-current-time.ts';
import { getWeatherTool } from './builtin/get-weather.ts';
import { queryDataTool, withDataTables, type DataTableOutline } from './builtin/query-data.ts';
import { readFileTool } from './builtin/read-file.ts';
import { runJavascriptTool } from './builtin/run-javascript.ts';
import { saveNoteTool } from './builtin/save-note.ts';
import { searchKnowledgeTool } from './builtin/search-knowledge.ts';
import { searchNotesTool } from './builtin/search-notes.ts';
import { searchWebTool } from './builtin/search-web.ts';
import { todoTool } from './builtin/todo.ts';
import type { AnyTool } from './define-tool.ts';

/** Every built-in tool, in the order of the product's tool table. */
export const builtinTools: AnyTool[] = [
  calculatorTool,
  getCurrentTimeTool,
  dateCalcTool,
  getWeatherTool,
  searchWebTool,
  todoTool,
  saveNoteTool,
  searchNotesTool,
  readFileTool,
  queryDataTool,
  runJavascriptTool,
  searchKnowledgeTool,
];

/** The tools the user has not switched off: a tool is enabled unless `enabled[name] === false`. */
export function enabledTools(tools: AnyTool[], enabled: Record<string, boolean>): AnyTool[] {
  return tools.filter((tool) => enabled[tool.name] !== false);
}

/** The tool with this exact name, if any. */
export function findTool(tools: readonly AnyTool[], name: string): AnyTool | undefined {
  return tools.find((tool) => tool.name === name);
}

/** The built-in tools for a run: `query_data` lists the session's tables, and is left out when no data file is attached. */
export function withAttachedData(tools: AnyTool[], tables: readonly DataTableOutline[]): AnyTool[] {
  return tables.length === 0
    ? tools.filter((tool) => tool !== queryDataTool)
    : tools.map((tool) => (tool === queryDataTool ? withDataTables(tool, tables) : tool));
}

/** The built-in tools for a run: `search_knowledge` only when the Knowledge library has documents. */
export function withKnowledge(tools: AnyTool[], libraryHasDocuments: boolean): AnyTool[] {
  return libraryHasDocuments ? tools : tools.filter((tool) => tool !== searchKnowledgeTool);
}
