/** One benchmark figure: what is measured, the peer's value and our target. */
export interface Figure {
  id: string;
  label: string;
  unit: 'ms' | 'KB' | 'MB' | 'nodes' | 'frames' | 'ratio';
  /** BetterChatGPT's value measured on this machine (issue 9), when there is one. */
  peer?: string;
  /** The target: at most this value (or, for `relativeTo`, at most that figure's median). */
  max?: number;
  /** Strictly below this value. */
  below?: number;
  /** At most the median of this other figure ("no worse than"). */
  relativeTo?: string;
  /** Shown in the target column. */
  target: string;
}

/** Every figure of issue 9, in table order. */
export const FIGURES: Figure[] = [
  { id: 'firstLoadKB', label: 'first-load JS + CSS, gzip', unit: 'KB', peer: '465 KB', max: 200, target: '≤ 200 KB' },
  { id: 'bytesBeforeIdleKB', label: 'cold start: bytes fetched before the app is idle (gzip, every response)', unit: 'KB', max: 250, target: '≤ 250 KB' },
  { id: 'coldLoadMs', label: 'cold load → chat input usable', unit: 'ms', peer: '1,227 ms', max: 600, target: '≤ 600 ms' },
  { id: 'streamEmptyP50', label: 'streaming, empty history: frame gap p50', unit: 'ms', peer: '33 ms', max: 17, target: '≤ 17 ms' },
  { id: 'streamEmptyP95', label: 'streaming, empty history: frame gap p95', unit: 'ms', peer: '133 ms', max: 33, target: '≤ 33 ms' },
  { id: 'streamEmptyMax', label: 'streaming, empty history: frame gap max', unit: 'ms', peer: '167 ms', max: 50, target: '≤ 50 ms' },
  { id: 'streamEmptyDropped', label: 'streaming, empty history: dropped frames (20 s)', unit: 'frames', peer: '~900', below: 100, target: '< 100' },
  { id: 'lastByteToScreenMs', label: 'streaming: last byte → last token on screen', unit: 'ms', peer: '97 ms', max: 50, target: '≤ 50 ms' },
  { id: 'streamLongP50', label: 'streaming, 1,000-message session: frame gap p50', unit: 'ms', peer: '150 ms', relativeTo: 'streamEmptyP50', target: '≤ empty-history p50' },
  { id: 'writtenPerAnswerKB', label: 'storage written during one answer (1,000 messages)', unit: 'KB', peer: '109 MB', max: 100, target: '≤ 100 KB' },
  { id: 'open1000Ms', label: 'open 1,000-message session → last message painted', unit: 'ms', peer: '2,226 ms', max: 300, target: '≤ 300 ms' },
  { id: 'open1000HeapMB', label: 'open 1,000-message session: JS heap', unit: 'MB', peer: '60 MB', max: 60, target: '≤ 60 MB' },
  { id: 'open1000Nodes', label: 'open 1,000-message session: DOM nodes', unit: 'nodes', peer: '75,000', max: 5000, target: '≤ 5,000' },
  { id: 'scroll1000P95', label: 'scroll that session top to bottom: frame gap p95', unit: 'ms', peer: '50 ms', max: 20, target: '≤ 20 ms' },
  { id: 'reload1000Ms', label: 'reload with that session open → input usable', unit: 'ms', peer: '4,478 ms', max: 800, target: '≤ 800 ms' },
  { id: 'addSaveMs', label: 'add one message at 1,000: main-thread save time', unit: 'ms', peer: '13.7 ms', max: 2, target: '≤ 2 ms' },
  { id: 'addPaintMs', label: 'add one message at 1,000: click → painted', unit: 'ms', peer: '986 ms', max: 50, target: '≤ 50 ms' },
  { id: 'import1000Ms', label: 'import a 1,000-message file → last message painted', unit: 'ms', peer: '3,780 ms', max: 500, target: '≤ 500 ms' },
  { id: 'open2000Ms', label: '2,000 messages + 5,000 spans: open → latest messages and run spans painted', unit: 'ms', max: 300, target: '≤ 300 ms' },
  { id: 'spanScrollP95', label: '2,000/5,000 session: span tree scroll frame gap p95', unit: 'ms', max: 20, target: '≤ 20 ms' },
  { id: 'stepSaveRatio', label: "a step's save at 2,000 vs 20 messages (main-thread time)", unit: 'ratio', max: 1.5, target: '≤ 1.5' },
  { id: 'export2000Ms', label: '2,000/5,000 session: export (click → file ready)', unit: 'ms', max: 1000, target: '≤ 1,000 ms' },
  { id: 'reimport2000Ms', label: '2,000/5,000 session: re-import → last message painted', unit: 'ms', max: 1000, target: '≤ 1,000 ms' },
  { id: 'hugeImportMs', label: 'import a 100 MB ChatGPT export (2,000 conversations, 150,000 messages): file chosen → done', unit: 'ms', peer: 'refused (> 50 MB)', max: 30_000, target: '≤ 30,000 ms' },
  { id: 'hugeImportFrameP95', label: '100 MB import: frame gap p95 while it runs', unit: 'ms', max: 50, target: '≤ 50 ms' },
  { id: 'hugeImportFrameMax', label: '100 MB import: longest frame while it runs', unit: 'ms', max: 200, target: '≤ 200 ms' },
  { id: 'hugeImportWorkerHeapMB', label: '100 MB import: peak JS heap of the import worker', unit: 'MB', relativeTo: 'hugeImportHeapBoundMB', target: '≤ 2 × largest conversation + 100 MB' },
  { id: 'hugeImportStoredRatio', label: '100 MB import: stored size ÷ file size', unit: 'ratio', max: 1.5, target: '≤ 1.5' },
  { id: 'manyColdLoadMs', label: '1,000 sessions stored (2,001: the 100 MB import): cold load (HTTP cache emptied) → input usable', unit: 'ms', max: 600, target: '≤ 600 ms' },
  { id: 'manyReloadMs', label: '1,000 sessions stored (2,001): reload → input usable', unit: 'ms', max: 600, target: '≤ 600 ms' },
  { id: 'manySwitchMs', label: '1,000 sessions stored (2,001): switching sessions (sidebar click → last message painted)', unit: 'ms', max: 100, target: '≤ 100 ms' },
  { id: 'manySearchMs', label: '2,001 sessions / 150,000 messages: search keystroke → list updated (no match)', unit: 'ms', max: 50, target: '≤ 50 ms' },
  { id: 'manySearchKeyP95Ms', label: '2,001 sessions / 150,000 messages: typing `answer 1500.3`, each keystroke → list updated (p95)', unit: 'ms', max: 50, target: '≤ 50 ms' },
  { id: 'insightsFirstOpenMs', label: 'Insights, 1,000 sessions / 200,000 spans imported: the first open, click → report painted', unit: 'ms', max: 1000, target: '≤ 1,000 ms' },
  { id: 'insightsOpenMs', label: 'Insights, 1,000 sessions / 200,000 spans: click → report painted (a later visit)', unit: 'ms', max: 1000, target: '≤ 1,000 ms' },
  { id: 'insightsFilterMs', label: 'Insights, 200,000 spans: time range changed → report painted', unit: 'ms', max: 200, target: '≤ 200 ms' },
  { id: 'queryFrameP95', label: 'query_data, 50 MB first query: frame gap p95 while it runs', unit: 'ms', max: 33, target: '≤ 33 ms' },
  { id: 'open10kMs', label: '10,000 messages + 50,000 spans: open → latest messages and run spans painted', unit: 'ms', max: 300, target: '≤ 300 ms' },
  { id: 'scroll10kChatP95', label: '10,000/50,000 session: chat scroll frame gap p95', unit: 'ms', max: 20, target: '≤ 20 ms' },
  { id: 'scroll10kSpanP95', label: '10,000/50,000 session: span tree scroll frame gap p95 (every run loaded)', unit: 'ms', max: 20, target: '≤ 20 ms' },
  { id: 'stepSaveRatio10k', label: "a step's save at 10,000 vs 20 messages (main-thread time)", unit: 'ratio', max: 1.5, target: '≤ 1.5' },
  { id: 'agentOverheadMs', label: 'agent overhead per step at 200 messages (model call returned → next request, tool time excluded)', unit: 'ms', max: 5, target: '≤ 5 ms' },
  { id: 'teamStreamP95', label: 'three-agent run at 1,000 messages: frame gap p95 while two delegates stream at once', unit: 'ms', max: 33, target: '≤ 33 ms' },
  { id: 'semanticRecallMedianMs', label: 'semantic recall, 10,000 notes: recall per question (full-text + embed the message + cosine scan in the worker + fusion), median', unit: 'ms', max: 50, target: '≤ 50 ms' },
  { id: 'semanticRecallP95Ms', label: 'semantic recall, 10,000 notes: recall per question, p95', unit: 'ms', max: 50, target: '≤ 50 ms' },
  { id: 'teamDelegateOverheadMs', label: 'three-agent run: loop overhead per delegated step (model call returned → its next call, tool time excluded)', unit: 'ms', max: 5, target: '≤ 5 ms' },
];

/** Supporting numbers printed under the table (no target). */
export const DETAILS: Array<{ id: string; label: string; unit: string }> = [
  { id: 'queryFirstMs', label: 'query_data, 50 MB CSV (500,000 rows): first question → answer painted (SQLite start + table load + query)', unit: 'ms' },
  { id: 'queryGroupedMs', label: 'query_data, that table loaded: grouped aggregate question → answer painted', unit: 'ms' },
  { id: 'semanticRecallFirstMs', label: 'semantic recall, 10,000 notes: the first question (embeds and stores every note with the demo embedder)', unit: 'ms' },
  { id: 'insightsFirstReadMs', label: 'Insights, 200,000 spans: worker time reading on the first open (the facts kept at import, no span)', unit: 'ms' },
  { id: 'insightsUnkeptOpenMs', label: 'Insights, 200,000 spans stored with no kept facts (an older version wrote them): the first open, every span read → report painted', unit: 'ms' },
  { id: 'insightsUnkeptReadMs', label: 'Insights, 200,000 spans with no kept facts: worker time reading every span on that open', unit: 'ms' },
  { id: 'insightsReadMs', label: 'Insights, 200,000 spans: worker time reading the kept facts on a later visit', unit: 'ms' },
  { id: 'insightsFilterAggregateMs', label: 'Insights, 200,000 spans: worker time aggregating the filtered runs', unit: 'ms' },
  { id: 'insightsScopeMs', label: 'Insights, 200,000 spans: scope changed to All sessions → report painted', unit: 'ms' },
  { id: 'idleFrameP95', label: 'machine noise: frame gap p95 on an idle page', unit: 'ms' },
  { id: 'idleAtMs', label: "cold start: the app's idle mark (ms after navigation start)", unit: 'ms' },
  { id: 'requestsBeforeIdle', label: 'cold start: responses before idle', unit: 'count' },
  { id: 'bytesUntilQuietKB', label: 'cold start: bytes fetched until no request for 2 s after idle (idle preloads, service worker precache)', unit: 'KB' },
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
  { id: 'agentGapNetworkMs', label: "agent gap per step at 200 messages, from the network's responseEnd (rendering included)", unit: 'ms' },
  { id: 'reload2000Ms', label: '2,000/5,000 session: reload → input usable', unit: 'ms' },
  { id: 'import10kMs', label: '10,000/50,000 session: import → last message painted', unit: 'ms' },
  { id: 'manySidebarRows', label: '2,001 sessions stored: session rows in the DOM after a cold load (the sidebar is virtualised)', unit: 'nodes' },
  { id: 'open10kAfterReloadMs', label: '10,000/50,000 session: open after a reload (nothing of it in memory: its latest messages and run read from storage) → painted', unit: 'ms' },
  { id: 'stepSave10kMs', label: "a step's save in the 10,000/50,000 session (main thread)", unit: 'ms' },
  { id: 'stepSaveWall10kMs', label: "a step's save in the 10,000/50,000 session (transaction wall time)", unit: 'ms' },
  { id: 'olderRuns10kMs', label: '10,000/50,000 session: Load earlier runs (click → every run in the span tree painted)', unit: 'ms' },
  { id: 'bytesPerMessage', label: 'bytes written per message (importing 1,000 messages of ~400 characters; JSON size of the records)', unit: 'B' },
  { id: 'bytesPerSpan', label: 'bytes written per span (the 10,000/50,000 import beyond its messages; JSON size of the records)', unit: 'B' },
  { id: 'hugeImportPageHeapMB', label: '100 MB import: peak JS heap of the page', unit: 'MB' },
  { id: 'hugeImportHeapBoundMB', label: '100 MB import: heap bound (2 × largest conversation + 100 MB)', unit: 'MB' },
  { id: 'hugeImportFileMB', label: '100 MB import: file size', unit: 'MB' },
  { id: 'manySearchKeyMaxMs', label: '2,001 sessions: typing `answer 1500.3`, slowest keystroke → list updated', unit: 'ms' },
  { id: 'bytesPerImportedMessage', label: '100 MB import: bytes stored per message', unit: 'B' },
  { id: 'teamIdleFrameP95', label: 'three-agent run: machine noise, frame gap p95 of the idle page just before', unit: 'ms' },
  { id: 'teamStreamMax', label: 'three-agent run: frame gap max while two delegates stream', unit: 'ms' },
  { id: 'teamStreamSeconds', label: 'three-agent run: time both delegates streamed at once', unit: 's' },
  { id: 'teamRunSeconds', label: 'three-agent run (3 × 6 model calls): send → done', unit: 's' },
];
