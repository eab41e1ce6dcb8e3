import { useCallback, useEffect, useMemo, useState } from 'react';
import { createMemoryTranslate } from '../../i18n/memory.ts';
import { addNote, changeNote, forgetNote, listNotes } from '../../store/actions/note-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import { reportStorageError } from '../../store/actions/storage-errors.ts';
import type { Note } from '../../tools/tool-context.ts';
import { useLanguage, useT } from '../use-t.ts';
import { Dialog } from '../components/dialog.tsx';
import { MemoryView } from './memory-view.tsx';

/** The Memory dialog: the long-term notes every session shares, added, edited and deleted by the user. */
export function MemoryDialog() {
  const language = useLanguage();
  const t = useMemo(() => createMemoryTranslate(language), [language]);
  const appT = useT();
  const setUi = useAppStore((state) => state.setUi);
  const [notes, setNotes] = useState<Note[]>([]);

  const reload = useCallback(async () => {
    try {
      setNotes(await listNotes());
    } catch (error) {
      reportStorageError(error);
    }
  }, []);

  useEffect(() => {
    // Loading is asynchronous: the notes arrive after the first paint of the dialog.
    const timer = setTimeout(() => void reload(), 0);
    return () => clearTimeout(timer);
  }, [reload]);

  const close = () => setUi({ memoryOpen: false });
  return (
    <Dialog
      open
      label="Memory"
      onClose={close}
      closeOnBackdrop={false}
      widthClassName="w-[min(40rem,95vw)]"
      bodyClassName="p-4"
      footer={
        <button
          type="button"
          className="rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600"
          onClick={close}
        >
          {appT('app.close')}
        </button>
      }
    >
      <MemoryView
        notes={notes}
        t={t}
        locale={language}
        onAdd={async (content, tags) => {
          await addNote(content, tags);
          await reload();
        }}
        onUpdate={async (id, patch) => {
          await changeNote(id, patch);
          await reload();
        }}
        onDelete={async (id) => {
          await forgetNote(id);
          await reload();
        }}
      />
    </Dialog>
  );
}
