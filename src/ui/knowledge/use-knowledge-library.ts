import { useCallback, useEffect, useRef, useState } from 'react';
import type { IngestRefusal } from '../../knowledge/ingest-file.ts';
import type { IngestProgress } from '../../knowledge/ingest-types.ts';
import type { KnowledgeDocument } from '../../knowledge/knowledge-types.ts';
import { addKnowledgeFile, deleteKnowledgeDocument, knowledgeLibrary } from '../../store/actions/knowledge-actions.ts';
import { reportStorageError } from '../../store/actions/storage-errors.ts';

/** A file being read (or waiting its turn). */
export interface KnowledgeJob {
  key: number;
  name: string;
  progress?: IngestProgress;
}

/** A file that was not added, and why (shown in the words of the dialog's language). */
export interface KnowledgeRefusal {
  key: number;
  file: File;
  refusal: IngestRefusal | { kind: 'storage'; detail: string };
}

interface QueuedFile {
  key: number;
  file: File;
  password?: string;
}

/** The stored documents, read again after every change. */
function useDocuments() {
  const [documents, setDocuments] = useState<KnowledgeDocument[]>([]);
  const reload = useCallback(async () => {
    try {
      setDocuments(await (await knowledgeLibrary()).listDocuments());
    } catch (error) {
      reportStorageError(error);
    }
  }, []);
  useEffect(() => {
    // Reading is asynchronous: the documents arrive after the dialog's first paint.
    const timer = setTimeout(() => void reload(), 0);
    return () => clearTimeout(timer);
  }, [reload]);
  const remove = useCallback(
    async (documentId: string) => {
      try {
        await deleteKnowledgeDocument(documentId);
      } catch (error) {
        reportStorageError(error);
      }
      await reload();
    },
    [reload],
  );
  return { documents, reload, remove };
}

/** Reads one file (in the ingest worker), reporting progress; the outcome as a refusal, or undefined when added. */
async function readOne(
  item: QueuedFile,
  signal: AbortSignal,
  onProgress: (progress: IngestProgress) => void,
): Promise<KnowledgeRefusal | undefined> {
  try {
    const outcome = await addKnowledgeFile(item.file, {
      signal,
      onProgress,
      ...(item.password !== undefined ? { password: item.password } : {}),
    });
    return outcome.ok ? undefined : { key: item.key, file: item.file, refusal: outcome.refusal };
  } catch (error) {
    if (signal.aborted) return undefined;
    return { key: item.key, file: item.file, refusal: { kind: 'storage', detail: String(error) } };
  }
}

/**
 * The library as the dialog shows it: the stored documents, the files being read one after another (with progress
 * and Cancel), and the files refused. Each file stands alone: one refused leaves the others be. Closing the dialog
 * stops the file being read and drops the queue.
 */
export function useKnowledgeLibrary() {
  const { documents, reload, remove } = useDocuments();
  const [jobs, setJobs] = useState<KnowledgeJob[]>([]);
  const [refusals, setRefusals] = useState<KnowledgeRefusal[]>([]);
  const queue = useRef<QueuedFile[]>([]);
  const running = useRef<{ key: number; controller: AbortController } | undefined>(undefined);
  const nextKey = useRef(0);

  const drain = useCallback(async () => {
    if (running.current) return;
    for (let item = queue.current.shift(); item; item = queue.current.shift()) {
      const { key } = item;
      const controller = new AbortController();
      running.current = { key, controller };
      const refusal = await readOne(item, controller.signal, (progress) =>
        setJobs((list) => list.map((job) => (job.key === key ? { ...job, progress } : job))),
      );
      running.current = undefined;
      setJobs((list) => list.filter((job) => job.key !== key));
      if (refusal) setRefusals((list) => [...list, refusal]);
      else if (!controller.signal.aborted) await reload();
    }
  }, [reload]);

  const add = useCallback(
    (files: Iterable<File>, password?: string) => {
      for (const file of files) {
        const key = (nextKey.current += 1);
        queue.current.push({ key, file, ...(password !== undefined ? { password } : {}) });
        setJobs((list) => [...list, { key, name: file.name }]);
      }
      void drain();
    },
    [drain],
  );

  const cancel = useCallback((key: number) => {
    queue.current = queue.current.filter((item) => item.key !== key);
    if (running.current?.key === key) running.current.controller.abort();
    setJobs((list) => list.filter((job) => job.key !== key));
  }, []);

  const dismiss = useCallback((key: number) => setRefusals((list) => list.filter((item) => item.key !== key)), []);

  useEffect(
    () => () => {
      queue.current = [];
      running.current?.controller.abort();
    },
    [],
  );

  return { documents, jobs, refusals, add, cancel, remove, dismiss };
}
