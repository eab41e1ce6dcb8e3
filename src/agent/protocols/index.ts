import { grammarPlan } from './grammar-plan.ts';
import { jsonPlan } from './json-plan.ts';
import { nativeTools } from './native-tools.ts';
import type { ProtocolName, WireProtocol } from './protocol.ts';
import { reactText } from './react-text.ts';

export type { Decision, ProtocolName, WireProtocol } from './protocol.ts';

/** Every wire protocol by name: a new protocol is one file plus its line here (and its name in ProtocolName). */
const PROTOCOLS: Readonly<Record<ProtocolName, WireProtocol>> = {
  tools: nativeTools,
  react: reactText,
  json: jsonPlan,
  grammar: grammarPlan,
};

/** The protocol of an `auto` run on an endpoint nothing is remembered about. */
export const DEFAULT_PROTOCOL: WireProtocol = nativeTools;

/** The protocol with this name. */
export function protocolNamed(name: ProtocolName): WireProtocol {
  return PROTOCOLS[name];
}

/** The protocol a run starts with: the one set, else (`auto`) the one remembered for the endpoint, else the default. */
export function initialProtocol(
  setting: ProtocolName | 'auto',
  remembered: () => ProtocolName | undefined,
): WireProtocol {
  if (setting !== 'auto') return PROTOCOLS[setting];
  const name = remembered();
  return name === undefined ? DEFAULT_PROTOCOL : PROTOCOLS[name];
}
