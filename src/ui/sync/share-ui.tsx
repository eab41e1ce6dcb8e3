// The one lazily loaded module of Share session: the dialog and the shared-session view come as one chunk, so
// what they share (the share actions, the doctor) does not split the first-load chunk (measured: +5.6 KB gzip when
// each was a dynamic entry of its own).
export { ShareDialog } from './share-dialog.tsx';
export { SharedSessionView } from './shared-session-view.tsx';
