import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';

// The shared-session view and everything it needs (decryption, the doctor, the import) load only from a share link.
const SharedSessionView = lazy(() => import('./shared-session-view.tsx'));

function subscribe(onChange: () => void): () => void {
  globalThis.addEventListener('hashchange', onChange);
  return () => globalThis.removeEventListener('hashchange', onChange);
}

const shareHash = (): string => (/^#(?:.*&)?share=/.test(location.hash) ? location.hash : '');

/** The chat, or — while the address carries a `#share=…` fragment — the shared session it names, read-only. */
export function ChatOrSharedSession({ children }: { children: ReactNode }) {
  const hash = useSyncExternalStore(subscribe, shareHash, () => '');
  if (!hash) return children;
  return (
    <Suspense fallback={null}>
      <SharedSessionView hash={hash} />
    </Suspense>
  );
}
