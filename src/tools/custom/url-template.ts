import { ToolError } from '../tool-error.ts';

const PLACEHOLDER = /\{([a-zA-Z_][a-zA-Z0-9_-]*)\}/gu;

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function argument(args: Record<string, unknown>, name: string, where: string): unknown {
  if (!Object.hasOwn(args, name) || args[name] === undefined) {
    throw new ToolError(`The ${where} needs the argument "${name}", which the call did not give.`);
  }
  return args[name];
}

/** Fills `{name}` placeholders of a URL template with the arguments, each URL-encoded as one component. */
export function fillUrlTemplate(template: string, args: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_match, name: string) =>
    encodeURIComponent(textOf(argument(args, name, 'URL template'))),
  );
}

/** Fills `{name}` placeholders in header values as they are (no encoding); line breaks are removed. */
export function fillHeaders(text: string, args: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/u)) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new ToolError(`The header line "${line.trim()}" is not "Name: value".`);
    const name = line.slice(0, colon).trim();
    const value = line
      .slice(colon + 1)
      .trim()
      .replace(PLACEHOLDER, (_match, key: string) => textOf(argument(args, key, 'headers')).replace(/[\r\n]+/gu, ' '));
    headers[name] = value;
  }
  return headers;
}

/**
 * Fills a JSON body template: a string that is exactly `{name}` becomes the argument's JSON value (a number
 * stays a number; a left-out argument drops its key); `{name}` inside a longer string is replaced by the argument's text. Returns the JSON text.
 */
export function fillBodyTemplate(template: string, args: Record<string, unknown>): string {
  const parsed: unknown = JSON.parse(template);
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const whole = /^\{([a-zA-Z_][a-zA-Z0-9_-]*)\}$/u.exec(value);
      // An optional argument the call left out leaves its key out.
      if (whole) return args[whole[1] as string];
      return value.replace(PLACEHOLDER, (_match, name: string) => textOf(argument(args, name, 'body template')));
    }
    if (Array.isArray(value)) return value.map(fill);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item)]));
    return value;
  };
  return JSON.stringify(fill(parsed));
}
