import { useEffect } from 'react';
import { newSession } from '../store/actions/session-actions.ts';
import { stopRun } from '../store/actions/chat-actions.ts';

/** Keyboard shortcuts: Alt+N new session, "/" or Ctrl+K focuses the message box, Esc stops a run. */
export function useGlobalShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target?.isContentEditable;
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.key.toLowerCase() === 'n') {
        event.preventDefault();
        void newSession();
      } else if ((event.key === 'k' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !typing)) {
        event.preventDefault();
        document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')?.focus();
      } else if (event.key === 'Escape' && !typing && !document.querySelector('dialog[open]')) {
        stopRun();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
