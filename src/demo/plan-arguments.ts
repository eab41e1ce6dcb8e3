/** Property names declared by a tool's JSON Schema (empty when unknown, e.g. in text-ReAct mode). */
function propertiesOf(schema: Record<string, unknown> | undefined): Record<string, Record<string, unknown>> {
  const properties = schema?.properties;
  return typeof properties === 'object' && properties !== null
    ? (properties as Record<string, Record<string, unknown>>)
    : {};
}

function pick(properties: Record<string, unknown>, candidates: readonly string[], fallback: string): string {
  return candidates.find((name) => name in properties) ?? fallback;
}

/** The enum value of an `operation`-like property that matches the wanted operation, when the schema has one. */
function operationArgument(
  properties: Record<string, Record<string, unknown>>,
  wanted: RegExp,
): Record<string, unknown> {
  for (const key of ['operation', 'action', 'op', 'mode', 'type']) {
    const values = properties[key]?.enum;
    if (!Array.isArray(values)) continue;
    const match = values.find((value) => typeof value === 'string' && wanted.test(value));
    if (match !== undefined) return { [key]: match };
  }
  return {};
}

/** date_calc arguments for "N days after a date", named after the offered schema (default `date` + `add_days`). */
export function dateOffsetArguments(
  schema: Record<string, unknown> | undefined,
  date: string,
  days: number,
): Record<string, unknown> {
  const properties = propertiesOf(schema);
  return {
    ...operationArgument(properties, /add|offset|plus|shift/iu),
    [pick(properties, ['date', 'start_date', 'start', 'from', 'base_date'], 'date')]: date,
    [pick(properties, ['add_days', 'days', 'offset_days', 'offset', 'delta_days'], 'add_days')]: days,
  };
}

/** date_calc arguments for "days between two dates" (default `date` + `days_between`). */
export function daysBetweenArguments(
  schema: Record<string, unknown> | undefined,
  from: string,
  to: string,
): Record<string, unknown> {
  const properties = propertiesOf(schema);
  return {
    ...operationArgument(properties, /between|diff|difference|count/iu),
    [pick(properties, ['date', 'start_date', 'start', 'from', 'base_date'], 'date')]: from,
    [pick(
      properties,
      ['days_between', 'to', 'end_date', 'end', 'other_date', 'target_date', 'target', 'until', 'date2', 'second_date'],
      'days_between',
    )]: to,
  };
}

/** date_calc arguments for "what weekday is this date". */
export function weekdayArguments(schema: Record<string, unknown> | undefined, date: string): Record<string, unknown> {
  const properties = propertiesOf(schema);
  return {
    ...operationArgument(properties, /weekday|day_?of_?week|info|describe/iu),
    [pick(properties, ['date', 'start_date', 'start', 'from', 'base_date'], 'date')]: date,
  };
}

/** get_current_time arguments: the IANA zone when the schema (or ReAct mode, with no schema) allows one. */
export function currentTimeArguments(
  schema: Record<string, unknown> | undefined,
  timeZone: string | undefined,
): Record<string, unknown> {
  if (timeZone === undefined) return {};
  const properties = propertiesOf(schema);
  if (
    schema !== undefined &&
    Object.keys(properties).length > 0 &&
    !('timezone' in properties) &&
    !('time_zone' in properties)
  )
    return {};
  return { [pick(properties, ['timezone', 'time_zone'], 'timezone')]: timeZone };
}
