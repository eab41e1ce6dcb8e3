import type { CustomToolDefinition } from './definition.ts';
import { isRecord } from '../../json/deep-json.ts';

/** A valid function name for the OpenAI tools API. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/u;

/** Why a name cannot be used, or undefined when it can. `taken` are the names of the other tools (built-in and custom). */
export function checkToolName(
  name: string,
  builtinNames: readonly string[],
  customNames: readonly string[],
): string | undefined {
  if (name.trim() === '') return 'The tool needs a name.';
  if (!TOOL_NAME_PATTERN.test(name)) {
    return `"${name}" is not a valid tool name: use 1–64 letters, digits, _ or -, starting with a letter or _.`;
  }
  if (builtinNames.includes(name)) return `"${name}" is the name of a built-in tool; choose another name.`;
  if (customNames.includes(name)) return `A custom tool named "${name}" already exists; choose another name.`;
  return undefined;
}

const JSON_SCHEMA_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

/** The result of checking the parameters text. */
export type SchemaCheck = { ok: true; schema: Record<string, unknown> } | { ok: false; message: string };

/**
 * Parses the editor's parameters text and checks that it is an object schema the model can be given:
 * JSON, `"type": "object"`, `properties` an object of schemas with known types, `required` naming properties.
 */
export function checkParametersSchema(text: string): SchemaCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: `The parameters are not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!isRecord(value))
    return { ok: false, message: 'The parameters must be a JSON object (a JSON Schema with "type": "object").' };
  if (value.type !== 'object') {
    return {
      ok: false,
      message: `The parameters schema must have "type": "object"${value.type === undefined ? '' : `, not ${JSON.stringify(value.type)}`}.`,
    };
  }
  const properties = value.properties ?? {};
  if (!isRecord(properties))
    return { ok: false, message: '"properties" must be an object mapping each argument name to its schema.' };
  for (const [key, property] of Object.entries(properties)) {
    const problem = checkPropertySchema(property, `properties.${key}`);
    if (problem) return { ok: false, message: problem };
  }
  if (value.required !== undefined) {
    if (!Array.isArray(value.required) || !value.required.every((item) => typeof item === 'string')) {
      return { ok: false, message: '"required" must be an array of property names.' };
    }
    const missing = value.required.filter((item) => !Object.hasOwn(properties, item));
    if (missing.length > 0)
      return {
        ok: false,
        message: `"required" names ${missing.map((item) => `"${item}"`).join(', ')}, which is not in "properties".`,
      };
  }
  return { ok: true, schema: value };
}

// Property schemas are checked level by level: a schema nested deeper than anyone writes is refused, not walked.
const MAX_SCHEMA_LEVELS = 64;

function checkPropertySchema(schema: unknown, path: string, level = 1): string | undefined {
  if (typeof schema === 'boolean') return undefined;
  if (level > MAX_SCHEMA_LEVELS) return `${path} is nested more than ${MAX_SCHEMA_LEVELS} levels deep.`;
  if (!isRecord(schema)) return `${path} must be a schema object (e.g. {"type": "string"}).`;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  for (const type of types) {
    if (typeof type !== 'string' || !JSON_SCHEMA_TYPES.has(type)) {
      return `${path}.type ${JSON.stringify(type)} is not a JSON Schema type (object, array, string, number, integer, boolean, null).`;
    }
  }
  if (schema.enum !== undefined && !Array.isArray(schema.enum)) return `${path}.enum must be an array.`;
  if (isRecord(schema.properties)) {
    for (const [key, property] of Object.entries(schema.properties)) {
      const problem = checkPropertySchema(property, `${path}.properties.${key}`, level + 1);
      if (problem) return problem;
    }
  }
  if (schema.items !== undefined) return checkPropertySchema(schema.items, `${path}.items`, level + 1);
  return undefined;
}

/** Every problem of a definition before it is saved, in the order the editor shows its fields. */
export function checkDefinition(
  definition: CustomToolDefinition,
  parametersText: string,
  builtinNames: readonly string[],
  otherCustomNames: readonly string[],
): { ok: true; definition: CustomToolDefinition } | { ok: false; message: string } {
  const nameProblem = checkToolName(definition.name, builtinNames, otherCustomNames);
  if (nameProblem) return { ok: false, message: nameProblem };
  const schema = checkParametersSchema(parametersText);
  if (!schema.ok) return schema;
  if (definition.kind === 'javascript' && definition.code.trim() === '')
    return { ok: false, message: 'A JavaScript tool needs code.' };
  if (definition.kind === 'http') {
    if (definition.urlTemplate.trim() === '') return { ok: false, message: 'An HTTP tool needs a URL template.' };
    if (!/^https?:\/\//iu.test(definition.urlTemplate.trim()))
      return { ok: false, message: 'The URL template must start with http:// or https://.' };
    if (definition.bodyTemplate.trim() !== '') {
      try {
        JSON.parse(definition.bodyTemplate);
      } catch (error) {
        return {
          ok: false,
          message: `The body template is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
    }
  }
  return { ok: true, definition: { ...definition, parameters: schema.schema } };
}
