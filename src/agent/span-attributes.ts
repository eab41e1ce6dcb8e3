// The agent writes the trace module's attribute names: one table, so the panel and the OTLP export read what
// the loop writes.
export { ATTR as ATTRIBUTE, ATTR as AGENT_ATTRIBUTE } from '../trace/attributes.ts';
