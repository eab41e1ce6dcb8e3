import type { AgentText } from '../agent/notice-text.ts';
import type { CompactionText } from '../context/compaction-text.ts';
import type { EmbeddingText } from '../model/embedding-text.ts';
import { agentNoticeIn } from './agent-notices.ts';
import { compactionNoticeIn } from './compaction-notices.ts';
import { createMessageTranslate, type StoreMessage } from './messages.ts';
import { embeddingNoticeIn } from './semantic-recall.ts';
import type { Language } from './translate.ts';

/**
 * A notice about a session's run, as data: which table its wording comes from, with key and values. The chat words
 * it in the reader's language when it shows it; notices are told apart by {@link runNoticeIdentity}, never by text.
 */
export type RunNotice =
  /** The loop's own (protocol switched, retry wait, a limit, Stop…). */
  | { kind: 'agent'; text: AgentText }
  /** The history was compacted for the model. */
  | { kind: 'compaction'; text: readonly CompactionText[] }
  /** Recall by meaning failed, so notes were recalled by words only; `reason` says why. */
  | { kind: 'recall-fallback'; reason: readonly EmbeddingText[] }
  /** A store message (the session runs in another tab). */
  | ({ kind: 'store' } & StoreMessage);

/** A run notice in a UI language. */
export function runNoticeIn(language: Language, notice: RunNotice): string {
  switch (notice.kind) {
    case 'agent':
      return agentNoticeIn(language, notice.text);
    case 'compaction':
      return compactionNoticeIn(language, notice.text);
    case 'recall-fallback':
      return embeddingNoticeIn(language, {
        key: 'fallback',
        values: { reason: embeddingNoticeIn(language, notice.reason) },
      });
    case 'store':
      return createMessageTranslate(language)(notice.key, notice.values);
  }
}

/** What tells a notice apart from another: its kind, keys and values (the same in every language). */
export function runNoticeIdentity(notice: RunNotice): string {
  return JSON.stringify(canonical(notice));
}

/** A notice's data with every object's keys in one order (values are shallow: a nested message at most). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, item]) => [key, canonical(item)]));
}

/** The identity a loop notice stored under an answer (`meta.noticeText`) has as a run notice. */
export function agentNoticeIdentity(text: AgentText): string {
  return runNoticeIdentity({ kind: 'agent', text });
}

/**
 * The run's notices to show under the messages: each once, and none already shown under an answer
 * (`noticeText` of the entries), told apart by key and values whatever the language.
 */
export function runNoticesToShow(
  notices: readonly RunNotice[],
  onEntries: readonly (readonly AgentText[] | undefined)[],
): RunNotice[] {
  const seen = new Set(onEntries.flatMap((texts) => (texts ?? []).map(agentNoticeIdentity)));
  return notices.filter((notice) => {
    const identity = runNoticeIdentity(notice);
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
}
