import type { SpanHandle, Tracer } from '../trace/span.ts';
import type { ApprovalRequest } from '../tools/tool-context.ts';
import type { AgentEvent } from './events.ts';
import { errorMessage } from './errors.ts';
import { AGENT_ATTRIBUTE } from './span-attributes.ts';

/** The user's answer to an approval request; `failed` when asking itself went wrong. */
export type ApprovalDecision =
  { type: 'approved' } | { type: 'denied' } | { type: 'aborted' } | { type: 'failed'; message: string };

/** The observation the model sees when the user denies a call. */
export const DENIED_OBSERVATION = 'The user denied this call. Do not retry it; continue without it or ask the user.';

/** Asks the user to approve a restricted tool call, inside an `approval` span; Stop ends the wait. */
export async function requestApproval(input: {
  approve: ApprovalRequest;
  toolName: string;
  callId: string;
  arguments: unknown;
  tracer: Tracer;
  parent: SpanHandle;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
}): Promise<ApprovalDecision> {
  const { toolName, callId, signal, emit } = input;
  const span = input.tracer.startSpan({
    kind: 'approval',
    name: toolName,
    parent: input.parent,
    attributes: { [AGENT_ATTRIBUTE.approvalToolName]: toolName, [AGENT_ATTRIBUTE.approvalCallId]: callId },
  });
  if (signal.aborted) {
    span.end('cancelled');
    return { type: 'aborted' };
  }
  emit({ type: 'approval-request', callId, toolName, arguments: input.arguments });

  let onAbort: (() => void) | undefined;
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const answer = await Promise.race([input.approve({ toolName, callId, arguments: input.arguments }), aborted]);
    if (answer === 'aborted') {
      span.end('cancelled');
      return { type: 'aborted' };
    }
    const approved = answer === true;
    span.setAttributes({ [AGENT_ATTRIBUTE.approvalDecision]: approved ? 'approved' : 'denied' });
    span.end('ok');
    emit({ type: 'approval-resolve', callId, approved });
    return approved ? { type: 'approved' } : { type: 'denied' };
  } catch (error) {
    if (signal.aborted) {
      span.end('cancelled');
      return { type: 'aborted' };
    }
    const message = errorMessage(error);
    span.end('error', { type: 'approval-failed', message });
    emit({ type: 'approval-resolve', callId, approved: false });
    return { type: 'failed', message };
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}
