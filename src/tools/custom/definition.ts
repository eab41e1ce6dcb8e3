// These schemas are built when the first load evaluates this module, which may be a chunk of its own that runs
// before the entry's body: zod must be told first that the page's CSP forbids its eval-compiled fast path.
import '../../zod-jitless.ts';
import * as z from 'zod/mini';

/** How a custom tool runs: JavaScript in the sandbox, or an HTTP request from the page. */
export const customToolKindSchema = z.enum(['javascript', 'http']);
export type CustomToolKind = z.infer<typeof customToolKindSchema>;

/** The HTTP methods an HTTP tool may use. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A tool the user defined in the app; stored in the settings record and in exports. */
export const customToolSchema = z.object({
  name: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ''),
  /** The JSON Schema of the arguments (an object schema, checked before saving). */
  parameters: z._default(z.record(z.string(), z.unknown()), { type: 'object', properties: {} }),
  kind: z._default(customToolKindSchema, 'javascript'),
  /** JavaScript: the code; it sees `args`, its last expression or `return` is the result. */
  code: z._default(z.string(), ''),
  /** HTTP: a URL with `{placeholders}` filled from the arguments, URL-encoded. */
  urlTemplate: z._default(z.string(), ''),
  method: z._default(z.enum(HTTP_METHODS), 'GET'),
  /** HTTP: one `Name: value` a line; `{placeholders}` are filled as they are. */
  headers: z._default(z.string(), ''),
  /** HTTP: an optional JSON body template; a string that is exactly `{name}` becomes the argument's JSON value. */
  bodyTemplate: z._default(z.string(), ''),
  needsApproval: z._default(z.boolean(), false),
  /** JavaScript: the code may use `fetch` (http and https); off, the sandbox has no network at all. */
  allowNetwork: z._default(z.boolean(), false),
});
export type CustomToolDefinition = z.infer<typeof customToolSchema>;

/** A new, empty JavaScript tool for the editor. */
export function blankCustomTool(): CustomToolDefinition {
  return { ...customToolSchema.parse({ name: 'new_tool' }), name: '' };
}
