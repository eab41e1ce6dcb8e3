import { z } from 'zod';
import type { JsonSchema, ToolSpec } from '../model/model.ts';
import type { ToolContext } from './tool-context.ts';

/** A tool the agent can call: schema-validated arguments, an async body. */
export interface Tool<Args = unknown> {
  name: string;
  description: string;
  /** zod schema the arguments are validated with. */
  schema: z.ZodType<Args>;
  /** JSON Schema derived from `schema` once, sent to the model. */
  parameters: JsonSchema;
  /** Needs the user's approval per call. */
  restricted: boolean;
  /** Per-tool timeout; the runtime default applies when absent. */
  timeoutMs?: number;
  /**
   * The result depends on the arguments alone (no clock, network or state): a repeated call with the same
   * arguments in the same session is answered from the cache. A function decides per call.
   */
  pure?: boolean | ((args: Args) => boolean);
  /** Extra attributes of this tool's spans (e.g. the kind of a custom tool). */
  spanAttributes?: Record<string, string>;
  /** Returns the observation: a string, or a value serialised as JSON. */
  execute(args: Args, context: ToolContext): Promise<unknown>;
}

/** Any tool, whatever its argument type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any>;

/** Defines a tool from a zod object schema; the JSON Schema is computed here, once. */
export function defineTool<S extends z.ZodType>(definition: {
  name: string;
  description: string;
  schema: S;
  restricted?: boolean;
  timeoutMs?: number;
  pure?: boolean | ((args: z.infer<S>) => boolean);
  execute(args: z.infer<S>, context: ToolContext): Promise<unknown>;
}): Tool<z.infer<S>> {
  const jsonSchema = z.toJSONSchema(definition.schema, { target: 'draft-7', io: 'input' }) as JsonSchema;
  delete jsonSchema.$schema;
  return {
    name: definition.name,
    description: definition.description,
    schema: definition.schema as unknown as z.ZodType<z.infer<S>>,
    parameters: jsonSchema,
    restricted: definition.restricted ?? false,
    ...(definition.timeoutMs === undefined ? {} : { timeoutMs: definition.timeoutMs }),
    ...(definition.pure === undefined ? {} : { pure: definition.pure }),
    execute: definition.execute,
  };
}

/** The OpenAI `tools` entry for a tool. */
export function toToolSpec(tool: AnyTool): ToolSpec {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}
