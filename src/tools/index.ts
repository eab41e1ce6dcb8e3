// Public API of the tools runtime.
export { defineTool, toToolSpec } from './define-tool.ts';
export type { AnyTool, Tool } from './define-tool.ts';
export type {
  ApprovalRequest,
  Attachment,
  AttachmentStore,
  Note,
  NoteHit,
  NotesStore,
  SandboxResult,
  TodoItem,
  ToolContext,
  ToolStateStore,
} from './tool-context.ts';
export { ToolError, describeError } from './tool-error.ts';
export { builtinTools, enabledTools, findTool } from './registry.ts';
export { MemoryAttachmentStore, MemoryNotesStore, MemoryToolStateStore, createMemoryStores } from './memory-stores.ts';
export type { MemoryStoreOptions, MemoryStores } from './memory-stores.ts';
export { rankNotes, searchTerms } from './notes-search.ts';
export { containsCjk } from './cjk.ts';
export { withSessionLock } from './session-lock.ts';
export { calculatorTool } from './builtin/calculator.ts';
export { calculate } from './builtin/calculator/calculate.ts';
export { getCurrentTimeTool } from './builtin/get-current-time.ts';
export { dateCalcTool } from './builtin/date-calc.ts';
export { getWeatherTool } from './builtin/get-weather.ts';
export { searchWebTool } from './builtin/search-web.ts';
export { TODO_STATE_KEY, todoTool } from './builtin/todo.ts';
export { saveNoteTool } from './builtin/save-note.ts';
export { searchNotesTool } from './builtin/search-notes.ts';
export { readFileTool } from './builtin/read-file.ts';
export { QUERY_DATA_MAX_ROWS, queryDataTool, withDataTables } from './builtin/query-data.ts';
export { dataAttachments, outlineDataTables } from './data/query-data-run.ts';
export type { DataTableOutline } from './builtin/query-data.ts';
export { createQueryRunner, QueryError } from './data/run-query.ts';
export type { QueryOutcome, QueryRequest, QueryRunner } from './data/run-query.ts';
export { checkReadOnlySql } from './data/sql-guard.ts';
export { RUN_JAVASCRIPT_TIMEOUT_MS, runJavascriptTool } from './builtin/run-javascript.ts';
export { runSandboxed } from './sandbox/run-sandboxed.ts';
export type { RunSandboxedOptions } from './sandbox/run-sandboxed.ts';
export { SANDBOX_ESCAPE_CASES, ESCAPE_CASE_TIMEOUT_MS, checkEscapeCase } from './sandbox/sandbox-escape-cases.ts';
export type { EscapeCase, EscapeExpectation } from './sandbox/sandbox-escape-cases.ts';
