/** Issue 37 item 8: sync through CouchDB (bench/scenario-sync.ts); typed where figures.ts spreads them (no import back). */
export const SYNC_FIGURES = [
  {
    id: 'syncRatio',
    label: 'sync, 100 MB export: empty second page synced ÷ the same ciphertext as a plain `_bulk_docs` upload',
    unit: 'ratio',
    max: 3,
    target: '≤ 3',
  },
  {
    id: 'syncFrameP95B',
    label: 'sync, 100 MB: frame gap p95 on the receiving page',
    unit: 'ms',
    max: 33,
    target: '≤ 33 ms',
  },
  {
    id: 'syncFrameP95A',
    label: 'sync, 100 MB: frame gap p95 on the sending page',
    unit: 'ms',
    max: 33,
    target: '≤ 33 ms',
  },
  {
    id: 'syncOneRunRequests',
    label: 'sync: one new run reaching the other page, HTTP requests',
    unit: 'count',
    max: 3,
    target: '≤ 3',
  },
  { id: 'syncOneRunMs', label: 'sync: one new run reaching the other page', unit: 'ms', max: 2000, target: '≤ 2 s' },
  {
    id: 'syncStepSaveRatio',
    label: "sync: a step's local save with live sync on ÷ off (main thread, bench/scenario-sync-steps.ts)",
    unit: 'ratio',
    max: 1.2,
    target: '≤ 1.2',
  },
] as const;

/** Supporting numbers of the sync scenario. */
export const SYNC_DETAILS: Array<{ id: string; label: string; unit: string }> = [
  { id: 'syncStepSaveOnMs', label: "sync: a step's local save with live sync on (main thread)", unit: 'ms' },
  { id: 'syncStepSaveOffMs', label: "sync: a step's local save with sync off (main thread)", unit: 'ms' },
  {
    id: 'syncSmallOneRunMs',
    label: 'sync, small history: one new run reaching the other page after it ended',
    unit: 'ms',
  },
  {
    id: 'syncSmallOneRunRequests',
    label: 'sync, small history: HTTP requests after the run ended until the other page had it',
    unit: 'count',
  },
  {
    id: 'syncPouchOneDocRequests',
    label:
      'sync: PouchDB alone, one document between two bare pages in live sync, HTTP requests until the other had it',
    unit: 'count',
  },
  { id: 'syncFirstMs', label: 'sync, 100 MB export: empty second page, Save → idle with every session', unit: 'ms' },
  {
    id: 'syncPlainUploadMs',
    label: 'sync, 100 MB export: the same ciphertext as a plain `_bulk_docs` upload',
    unit: 'ms',
  },
  {
    id: 'syncPouchFloorMs',
    label: 'sync, 100 MB export: PouchDB alone pulling the same database into an empty bare page (no app)',
    unit: 'ms',
  },
  {
    id: 'syncPouchFloorRatio',
    label: 'sync, 100 MB export: that PouchDB pull ÷ the plain upload (the floor of the ratio above for PouchDB)',
    unit: 'ratio',
  },
  { id: 'syncFrameP95Idle', label: 'sync: machine noise, frame gap p95 of page B idle just before', unit: 'ms' },
  { id: 'syncPushMs', label: 'sync, 100 MB export: the first page, Save → idle with everything sent', unit: 'ms' },
];
