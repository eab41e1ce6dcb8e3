import { ModelError } from '../../model/model-error.ts';
import { toToolSpec } from '../../tools/define-tool.ts';
import { normaliseToolCalls } from '../transcript-entries.ts';
import { withSystem, type Decision, type ProtocolReplyInput, type WireProtocol } from './protocol.ts';

/**
 * Native tool calling: tools go in the request's `tools`, the endpoint answers with `tool_calls`. A reply is never
 * malformed: without calls its text (or refusal) is the answer. An endpoint that rejects tool definitions makes an
 * automatic run fall back to text ReAct.
 */
export const nativeTools: WireProtocol = {
  name: 'tools',
  buildRequest({ system, messages, tools }) {
    const request = { messages: withSystem(system, messages) };
    return tools.length === 0 ? request : { ...request, tools: tools.map(toToolSpec) };
  },
  interpret: interpretNativeReply,
  partialAnswer: (text) => ({ content: text, meta: {} }),
  revisionHint: '',
  fallbackFor: (error) => (error instanceof ModelError && error.kind === 'tools-unsupported' ? 'react' : undefined),
};

/** A native reply: its tool calls made safe to echo back, or its text (else its refusal) as the answer. */
export function interpretNativeReply({ response, callIdPrefix, freshCallIds }: ProtocolReplyInput): Decision {
  const calls = normaliseToolCalls(response.toolCalls, callIdPrefix, freshCallIds);
  const text = response.text !== '' ? response.text : (response.refusal ?? '');
  return calls.length === 0 ? { type: 'final', answer: text } : { type: 'tool-calls', calls, text };
}
