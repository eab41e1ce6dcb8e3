import { Validator, type Schema } from '@cfworker/json-schema';
import { z } from 'zod';

/** One problem of arguments checked against a JSON Schema: where, and what. */
export interface JsonSchemaIssue {
  path: string[];
  message: string;
}

/** Splits a validator location such as `#/city/0` into path segments. */
function pathOf(location: string): string[] {
  return location
    .replace(/^#\/?/u, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodeURIComponent(segment.replaceAll('~1', '/').replaceAll('~0', '~')));
}

/** Checks a value against a JSON Schema (draft 2020-12 keywords, no code generation: safe under the app's CSP). */
export function checkJsonSchema(schema: Record<string, unknown>, value: unknown): JsonSchemaIssue[] {
  const result = new Validator(schema as Schema, '2020-12', false).validate(value);
  if (result.valid) return [];
  // The validator reports each failing keyword and its parents; the innermost ones say what is wrong.
  const leaves = result.errors.filter((error) => !/^(properties|items|allOf|anyOf|oneOf|\$ref)$/u.test(error.keyword));
  return (leaves.length > 0 ? leaves : result.errors).map((error) => ({
    path: pathOf(error.instanceLocation),
    message: error.error,
  }));
}

/**
 * A zod schema that checks arguments against a JSON Schema, so tools defined by JSON Schema (custom and MCP
 * tools) go through the executor's one validation path with the same `path: problem` messages.
 */
export function zodFromJsonSchema(schema: Record<string, unknown>): z.ZodType<Record<string, unknown>> {
  return z.unknown().superRefine((value, context) => {
    for (const issue of checkJsonSchema(schema, value))
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }) as unknown as z.ZodType<Record<string, unknown>>;
}
