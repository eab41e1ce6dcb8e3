import { ATTR } from '../../trace/attributes.ts';
import type { Span } from '../../trace/span.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';

/** The user's verdict on an answer: kept on its run's root span, so traces, exports and Insights carry it. */
export interface AnswerFeedback {
  rating?: 'good' | 'bad';
  note?: string;
}

/** Feedback read from a run span's attributes. */
export function feedbackOf(span: Pick<Span, 'attributes'> | undefined): AnswerFeedback {
  const rating = span?.attributes[ATTR.feedbackRating];
  const note = span?.attributes[ATTR.feedbackNote];
  return {
    ...(rating === 'good' || rating === 'bad' ? { rating } : {}),
    ...(typeof note === 'string' && note ? { note } : {}),
  };
}

/** The run span with the feedback set (an absent rating or empty note removes it). */
export function withFeedback(span: Span, feedback: AnswerFeedback): Span {
  const attributes = { ...span.attributes };
  delete attributes[ATTR.feedbackRating];
  delete attributes[ATTR.feedbackNote];
  if (feedback.rating) attributes[ATTR.feedbackRating] = feedback.rating;
  if (feedback.rating && feedback.note?.trim()) attributes[ATTR.feedbackNote] = feedback.note.trim();
  return { ...span, attributes };
}

/**
 * Stores feedback on an answer: its run's root span gets the rating and note, written like a step (the session's
 * `updatedAt` moves, which tells Insights to read its facts again) and shown at once in the trace.
 */
export async function setAnswerFeedback(sessionId: string, runId: string, feedback: AnswerFeedback): Promise<void> {
  const { persistence } = services();
  const loaded = useAppStore.getState().spans[sessionId]?.find((span) => span.spanId === runId);
  const root = loaded ?? (await persistence.listSpans(sessionId, { runId })).find((span) => span.spanId === runId);
  if (!root) return;
  const updated = withFeedback(root, feedback);
  const session = await persistence.saveStep({ sessionId, entries: [], spans: [updated], session: {} });
  const store = useAppStore.getState();
  if (loaded) store.upsertSpans(sessionId, [updated]);
  if (session) store.upsertSession(session);
}
