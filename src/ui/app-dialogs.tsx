import { lazy, Suspense, type ComponentType } from 'react';
import { loadChinese } from '../i18n/chinese.ts';
import { useAppStore } from '../store/app-store.ts';
import type { UiSlice } from '../store/ui-slice.ts';
import { Dialog } from './components/dialog.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { useNames } from './use-t.ts';
import { EvalsDialogEntry } from './evals/evals-dialog-entry.tsx';

const MemoryDialog = lazy(() =>
  import('./memory/memory-dialog.tsx').then((module) => ({ default: module.MemoryDialog })),
);
const AgentsDialog = lazy(() =>
  import('./agents/agents-dialog.tsx').then((module) => ({ default: module.AgentsDialog })),
);
const InsightsDialog = lazy(() =>
  import('./insights/insights-dialog.tsx').then((module) => ({ default: module.InsightsDialog })),
);
const KnowledgeDialog = lazy(() =>
  import('./knowledge/knowledge-dialog.tsx').then((module) => ({ default: module.KnowledgeDialog })),
);
const ShareDialog = lazy(() => import('./sync/share-ui.tsx').then((module) => ({ default: module.ShareDialog })));
// Search settings finds a setting by its name in every language, so the dialog comes with the Chinese strings.
const SettingsDialog = lazy(() =>
  Promise.all([import('./settings/settings-dialog.tsx'), loadChinese().catch(() => undefined)]).then(([module]) => ({
    default: module.SettingsDialog,
  })),
);

type OpenFlag =
  'memoryOpen' | 'agentsOpen' | 'insightsOpen' | 'knowledgeOpen' | 'evalsOpen' | 'settingsOpen' | 'shareOpen';

/** The app's dialogs, each loaded on first use; by contract name, the flag that opens it and its view. */
const dialogs: ReadonlyArray<{ label: string; flag: OpenFlag; View: ComponentType }> = [
  { label: 'Memory', flag: 'memoryOpen', View: MemoryDialog },
  { label: 'Agents', flag: 'agentsOpen', View: AgentsDialog },
  { label: 'Insights', flag: 'insightsOpen', View: InsightsDialog },
  { label: 'Knowledge', flag: 'knowledgeOpen', View: KnowledgeDialog },
  { label: 'Evals', flag: 'evalsOpen', View: EvalsDialogEntry },
  { label: 'Settings', flag: 'settingsOpen', View: SettingsDialog },
  { label: 'Share session', flag: 'shareOpen', View: ShareDialog },
];

/**
 * One dialog that failed outside its body (its own view threw before the shared Dialog was there): the notice in
 * a dialog of the same name, which closes as the real one would.
 */
function GuardedDialog({ label, flag, View }: { label: string; flag: OpenFlag; View: ComponentType }) {
  const names = useNames();
  const close = () => useAppStore.getState().setUi({ [flag]: false } as Partial<UiSlice>);
  return (
    <ErrorBoundary
      part="dialog"
      frame={
        <Dialog open label={label} title={label} onClose={close} closeLabel={names('Close')}>
          {null}
        </Dialog>
      }
    >
      <Suspense fallback={null}>
        <View />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Memory, Agents, Insights and Settings, whichever is open. */
export function AppDialogs() {
  const open = useAppStore((state) => dialogs.map(({ flag }) => state[flag]).join());
  const flags = open.split(',');
  return (
    <>
      {dialogs.map((dialog, index) =>
        flags[index] === 'true' ? <GuardedDialog key={dialog.flag} {...dialog} /> : null,
      )}
    </>
  );
}
