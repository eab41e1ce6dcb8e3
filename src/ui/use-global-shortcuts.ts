import { useEffect } from 'react';
import { useAppStore } from '../store/app-store.ts';
import { newSession } from '../store/actions/session-actions.ts';

/** Shows the chat (the pane on a narrow screen) and puts the caret in the message box. */
function focusMessageBox(): void {
  useAppStore.getState().setUi({ mobilePane: 'chat' });
  // After React has shown the chat pane.
  requestAnimationFrame(() => document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')?.focus());
}

/** Keyboard shortcuts: Alt+N new session, "/" or Ctrl+K focuses the message box (Esc stops a run: the composer's listener). */
export function useGlobalShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target as HTMLElement | null;
      const typing =
        target instanceof HTMLInputElement ||
        target instanceof HTMLTextAreaElement ||
        target instanceof HTMLSelectElement ||
        target?.isContentEditable;
      const modalOpen = document.querySelector('dialog[open]') !== null;
      // `code` too: with Alt held, some layouts (macOS) report another character for the N key.
      if (
        event.altKey &&
        !event.ctrlKey &&
        !event.metaKey &&
        (event.key.toLowerCase() === 'n' || event.code === 'KeyN')
      ) {
        if (modalOpen) return;
        event.preventDefault();
        void newSession().then(focusMessageBox);
      } else if (
        (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) ||
        (event.key === '/' && !typing)
      ) {
        if (modalOpen) return;
        event.preventDefault();
        focusMessageBox();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
