import { createContext, type ReactNode } from 'react';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { ChatTranslate } from '../../i18n/chat.ts';
import type { PlanView } from './plan-views.ts';

/** What a person can do with one message; each is optional and its button shows only when given. */
export interface MessageViewActions {
  /** Called after the message text was copied to the clipboard. */
  onCopy?: () => void;
  /** Regenerate this (last) answer. */
  onRegenerate?: () => void;
  /** Replace this user message with `text` and resend; later messages are replaced. */
  onEdit?: (text: string) => void;
  /** Delete the turn this message belongs to. */
  onDelete?: () => void;
  /** Show a tool call's span in the trace panel. */
  onSelectToolCall?: (callId: string) => void;
}

/** Props of `MessageView`. */
export interface MessageViewProps {
  entry: TranscriptEntry;
  /** Tool result entries by `tool_call_id`, to pair with this message's tool calls. */
  toolEntries: ReadonlyMap<string, TranscriptEntry>;
  /** This is the live, still-growing assistant message. */
  streaming?: boolean;
  /** A run is active in this session: actions that would start another are disabled. */
  runActive?: boolean;
  actions: MessageViewActions;
  isLastAssistant: boolean;
  /** Entries of delegated runs by the delegate call they answer (shown in a `Delegation to <agent>` group). */
  delegations?: ReadonlyMap<string, readonly TranscriptEntry[]>;
  /** Tool call ids waiting for the user's approval. */
  pendingApprovals?: ReadonlySet<string>;
  onApprove?: (callId: string) => void;
  onDeny?: (callId: string) => void;
  /** JSON plan: what this plan entry shows (the run's checklist, or what a later plan changed). */
  planView?: PlanView;
  /** Draws attention to this message (it was scrolled to from the trace). */
  highlighted?: boolean;
  t?: ChatTranslate;
}

/**
 * Renders one message, for a delegated run's messages inside a `Delegation to …` group: given by `MessageView`
 * through this context, so the group need not import the view that imports it.
 */
export const NestedMessageContext = createContext<((props: MessageViewProps) => ReactNode) | null>(null);
