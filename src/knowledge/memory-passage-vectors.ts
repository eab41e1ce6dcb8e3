import type { PassageVectorRecord, PassageVectorStore } from './knowledge-search.ts';

/** Passage vectors in memory (the app's memory storage, tests and the bench). */
export class MemoryPassageVectors implements PassageVectorStore {
  readonly records = new Map<string, PassageVectorRecord>();
  async list(): Promise<PassageVectorRecord[]> {
    return [...this.records.values()];
  }
  async put(records: readonly PassageVectorRecord[]): Promise<void> {
    for (const record of records) this.records.set(record.passageId, record);
  }
  async prune(keep: ReadonlySet<string>): Promise<number> {
    let removed = 0;
    for (const id of [...this.records.keys()])
      if (!keep.has(id)) {
        this.records.delete(id);
        removed += 1;
      }
    return removed;
  }
}
