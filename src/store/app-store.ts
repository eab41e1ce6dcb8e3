import { create } from 'zustand';
import { createSessionsSlice, type SessionsSlice } from './sessions-slice.ts';
import { createRunSlice, type RunSlice } from './run-slice.ts';
import { createTraceSlice, type TraceSlice } from './trace-slice.ts';
import { createSettingsSlice, type SettingsSlice } from './settings-slice.ts';
import { createUiSlice, type UiSlice } from './ui-slice.ts';
import { createQueueSlice, type QueueSlice } from './queue-slice.ts';

/** The whole app state: one store composed from slices. */
export type AppState = SessionsSlice & RunSlice & TraceSlice & SettingsSlice & UiSlice & QueueSlice;

/** Creates a fresh store (the app uses one; tests make their own). */
export function createAppStore() {
  return create<AppState>()((...args) => ({
    ...createSessionsSlice(...args),
    ...createRunSlice(...args),
    ...createTraceSlice(...args),
    ...createSettingsSlice(...args),
    ...createUiSlice(...args),
    ...createQueueSlice(...args),
  }));
}

/** The app's store. */
export const useAppStore = createAppStore();

/** The store's type, for actions that take it as a parameter. */
export type AppStore = typeof useAppStore;
