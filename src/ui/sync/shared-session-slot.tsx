import { importFiles } from '../../store/actions/file-actions.ts';
import { lazy, Suspense, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { createChatTranslate } from '../../i18n/chat.ts';
import { MessageList } from '../chat/message-list.tsx';
import { useLanguage } from '../use-t.ts';
import type { SharedViewHost } from './shared-session-view.tsx';

// The shared-session view and everything it needs (decryption, the doctor, the import) load only from a share link.
const SharedSessionView = lazy(() =>
  import('./share-ui.tsx').then((module) => ({ default: module.SharedSessionView })),
);

function subscribe(onChange: () => void): () => void {
  globalThis.addEventListener('hashchange', onChange);
  return () => globalThis.removeEventListener('hashchange', onChange);
}

/** The shared session's messages, read-only: the chat's own list with no actions. */
function SharedMessages({ entries }: { entries: readonly TranscriptEntry[] }) {
  const language = useLanguage();
  const t = useMemo(() => createChatTranslate(language), [language]);
  return <MessageList className="min-h-0 flex-1" entries={entries} t={t} />;
}

const host: SharedViewHost = { importFiles, Messages: SharedMessages };

const shareHash = (): string => (/^#(?:.*&)?share=/.test(location.hash) ? location.hash : '');

/** The chat, or — while the address carries a `#share=…` fragment — the shared session it names, read-only. */
export function ChatOrSharedSession({ children }: { children: ReactNode }) {
  const hash = useSyncExternalStore(subscribe, shareHash, () => '');
  if (!hash) return children;
  return (
    <Suspense fallback={null}>
      <SharedSessionView hash={hash} host={host} />
    </Suspense>
  );
}
