/**
 * Messages the runtime shows people, as data: a key of an English table the runtime owns plus placeholder values.
 * The runtime renders them in English for spans and logs; the UI renders them in its language through the
 * dictionaries in src/i18n, which add the Chinese table for the same keys. The runtime imports no i18n code.
 */

/** A value for a `{name}` placeholder: text, a number, or another message (rendered in the same language). */
export type TextValue = string | number | TextRef;

/** Values for a message's placeholders. */
export type TextValues = Readonly<Record<string, TextValue>>;

/** A message to show: a key and its placeholder values. */
export interface TextRef<K extends string = string> {
  key: K;
  values?: TextValues;
}

/**
 * Fills `{name}` placeholders; nested messages are rendered with `render`; unknown names stay as written. English
 * plurals: `{count|model|models}` is the first word when the value of `count` is 1, the second otherwise (Chinese
 * strings have no plural and never use it).
 */
export function fillPlaceholders(
  template: string,
  values: TextValues | undefined,
  render: (ref: TextRef) => string = (ref) => ref.key,
): string {
  if (!values) return template;
  return template.replace(
    /\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g,
    (match, name: string, one?: string, other?: string) => {
      if (!Object.hasOwn(values, name)) return match;
      if (one !== undefined) return String(values[name]) === '1' ? one : (other ?? '');
      const value = values[name];
      return typeof value === 'object' ? render(value) : String(value);
    },
  );
}

/** Renders messages with one table; parts are joined with `separator` (a space in English, nothing in Chinese). */
export function renderText<K extends string>(
  table: Readonly<Record<K, string>>,
  parts: TextRef<K> | readonly TextRef<K>[],
  separator = ' ',
): string {
  const render = (ref: TextRef): string => fillPlaceholders(table[ref.key as K] ?? ref.key, ref.values, render);
  return (Array.isArray(parts) ? parts : [parts as TextRef<K>])
    .map(render)
    .filter((part) => part !== '')
    .join(separator);
}
