// Tools the user defines in the app: JavaScript run in the sandbox, or HTTP requests from the page.
export { blankCustomTool, customToolSchema, HTTP_METHODS } from './definition.ts';
export type { CustomToolDefinition, CustomToolKind } from './definition.ts';
export { TOOL_NAME_PATTERN, checkDefinition, checkParametersSchema, checkToolName } from './check-definition.ts';
export { checkJsonSchema, zodFromJsonSchema } from './json-schema-args.ts';
export { fillBodyTemplate, fillHeaders, fillUrlTemplate } from './url-template.ts';
export { customTools, explainFetchFailure, javascriptToolSource, testCustomTool, toCustomTool } from './custom-tool.ts';
export type { CustomToolOptions, CustomToolTestResult } from './custom-tool.ts';
