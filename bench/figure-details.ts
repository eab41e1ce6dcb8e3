import { SYNC_DETAILS } from './figures-sync.ts';

/** Supporting numbers printed under the table (no target). */
export const DETAILS: Array<{ id: string; label: string; unit: string }> = [
  {
    id: 'queryFirstMs',
    label: 'query_data, 50 MB CSV (500,000 rows): first question → answer painted (SQLite start + table load + query)',
    unit: 'ms',
  },
  {
    id: 'queryGroupedMs',
    label: 'query_data, that table loaded: grouped aggregate question → answer painted',
    unit: 'ms',
  },
  {
    id: 'semanticRecallFirstMs',
    label: 'semantic recall, 10,000 notes: the first question (embeds and stores every note with the demo embedder)',
    unit: 'ms',
  },
  {
    id: 'insightsFirstReadMs',
    label: 'Insights, 200,000 spans: worker time reading on the first open (the facts kept at import, no span)',
    unit: 'ms',
  },
  {
    id: 'insightsUnkeptOpenMs',
    label:
      'Insights, 200,000 spans stored with no kept facts (an older version wrote them): the first open, every span read → report painted',
    unit: 'ms',
  },
  {
    id: 'insightsUnkeptReadMs',
    label: 'Insights, 200,000 spans with no kept facts: worker time reading every span on that open',
    unit: 'ms',
  },
  {
    id: 'insightsReadMs',
    label: 'Insights, 200,000 spans: worker time reading the kept facts on a later visit',
    unit: 'ms',
  },
  {
    id: 'insightsFilterAggregateMs',
    label: 'Insights, 200,000 spans: worker time aggregating the filtered runs',
    unit: 'ms',
  },
  {
    id: 'insightsScopeMs',
    label: 'Insights, 200,000 spans: scope changed to All sessions → report painted',
    unit: 'ms',
  },
  { id: 'idleFrameP95', label: 'machine noise: frame gap p95 on an idle page', unit: 'ms' },
  { id: 'idleAtMs', label: "cold start: the app's idle mark (ms after navigation start)", unit: 'ms' },
  { id: 'requestsBeforeIdle', label: 'cold start: responses before idle', unit: 'count' },
  {
    id: 'bytesUntilQuietKB',
    label: 'cold start: bytes fetched until no request for 2 s after idle (idle preloads, service worker precache)',
    unit: 'KB',
  },
  { id: 'requestsUntilQuiet', label: 'cold start: responses until no request for 2 s after idle', unit: 'count' },
  { id: 'streamLongP95', label: 'streaming, 1,000 messages: frame gap p95', unit: 'ms' },
  { id: 'streamLongMax', label: 'streaming, 1,000 messages: frame gap max', unit: 'ms' },
  { id: 'streamLongDropped', label: 'streaming, 1,000 messages: dropped frames', unit: 'frames' },
  { id: 'writtenPerAnswerEmptyKB', label: 'storage written during one answer (empty history)', unit: 'KB' },
  { id: 'streamLongTaskMs', label: 'long tasks during the empty-history stream (total)', unit: 'ms' },
  { id: 'open1000Elements', label: 'open 1,000-message session: DOM elements', unit: 'nodes' },
  { id: 'addSaveWallMs', label: 'add one message: save transaction wall time', unit: 'ms' },
  { id: 'stepSave20Ms', label: "a step's save at 20 messages (main thread)", unit: 'ms' },
  { id: 'stepSave2000Ms', label: "a step's save at 2,000 messages (main thread)", unit: 'ms' },
  { id: 'stepSaveWall20Ms', label: "a step's save at 20 messages (transaction wall time)", unit: 'ms' },
  { id: 'stepSaveWall2000Ms', label: "a step's save at 2,000 messages (transaction wall time)", unit: 'ms' },
  { id: 'stepSaveKB20', label: "a step's save at 20 messages (bytes written)", unit: 'KB' },
  { id: 'stepSaveKB2000', label: "a step's save at 2,000 messages (bytes written)", unit: 'KB' },
  {
    id: 'agentGapNetworkMs',
    label: "agent gap per step at 200 messages, from the network's responseEnd (rendering included)",
    unit: 'ms',
  },
  { id: 'reload2000Ms', label: '2,000/5,000 session: reload → input usable', unit: 'ms' },
  { id: 'import10kMs', label: '10,000/50,000 session: import → last message painted', unit: 'ms' },
  {
    id: 'manySidebarRows',
    label: '2,001 sessions stored: session rows in the DOM after a cold load (the sidebar is virtualised)',
    unit: 'nodes',
  },
  {
    id: 'open10kAfterReloadMs',
    label:
      '10,000/50,000 session: open after a reload (nothing of it in memory: its latest messages and run read from storage) → painted',
    unit: 'ms',
  },
  { id: 'stepSave10kMs', label: "a step's save in the 10,000/50,000 session (main thread)", unit: 'ms' },
  { id: 'stepSaveWall10kMs', label: "a step's save in the 10,000/50,000 session (transaction wall time)", unit: 'ms' },
  {
    id: 'olderRuns10kMs',
    label: '10,000/50,000 session: Load earlier runs (click → every run in the span tree painted)',
    unit: 'ms',
  },
  {
    id: 'bytesPerMessage',
    label: 'bytes written per message (importing 1,000 messages of ~400 characters; JSON size of the records)',
    unit: 'B',
  },
  {
    id: 'bytesPerSpan',
    label: 'bytes written per span (the 10,000/50,000 import beyond its messages; JSON size of the records)',
    unit: 'B',
  },
  { id: 'hugeImportPageHeapMB', label: '100 MB import: peak JS heap of the page', unit: 'MB' },
  { id: 'hugeImportHeapBoundMB', label: '100 MB import: heap bound (2 × largest conversation + 100 MB)', unit: 'MB' },
  { id: 'hugeImportFileMB', label: '100 MB import: file size', unit: 'MB' },
  {
    id: 'manySearchKeyMaxMs',
    label: '2,001 sessions: typing `answer 1500.3`, slowest keystroke → list updated',
    unit: 'ms',
  },
  { id: 'bytesPerImportedMessage', label: '100 MB import: bytes stored per message', unit: 'B' },
  {
    id: 'knowledgeIdleFrameP95',
    label: 'Knowledge ingest: machine noise, frame gap p95 of the idle page just before',
    unit: 'ms',
  },
  { id: 'knowledgeIngestPagesPerSec', label: 'Knowledge ingest, 1,000-page PDF: pages per second', unit: 'pages/s' },
  { id: 'knowledgeTextLoopPagesPerSec', label: "pdf.js's own text loop, same file: pages per second", unit: 'pages/s' },
  {
    id: 'teamIdleFrameP95',
    label: 'three-agent run: machine noise, frame gap p95 of the idle page just before',
    unit: 'ms',
  },
  { id: 'teamStreamMax', label: 'three-agent run: frame gap max while two delegates stream', unit: 'ms' },
  { id: 'teamStreamSeconds', label: 'three-agent run: time both delegates streamed at once', unit: 's' },
  { id: 'teamRunSeconds', label: 'three-agent run (3 × 6 model calls): send → done', unit: 's' },
  ...SYNC_DETAILS,
];
