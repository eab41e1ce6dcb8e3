import { useEffect } from 'react';
import { LOCAL_PROVIDER } from '../model/local/local-provider.ts';
import { useAppStore } from '../store/app-store.ts';

/**
 * Marks <html> with `data-local-model-running` while a run uses the model that runs in this page: its threads use
 * every core, so the decorative animations (the run's spinner, the running span's pulse) pause (index.css). Each
 * animated frame is style, paint and compositing the model's threads do not get: on 2 cores Glassbox generated at
 * 57% of bare wllama's speed with them and 64% without (`npm run bench` local-model, 2026-12-05, 32 ms batches).
 */
export function useLocalModelQuiet(): void {
  const running = useAppStore(
    (state) =>
      state.settings.provider === LOCAL_PROVIDER && Object.values(state.runs).some((run) => run.status === 'running'),
  );
  useEffect(() => {
    document.documentElement.toggleAttribute('data-local-model-running', running);
  }, [running]);
}
