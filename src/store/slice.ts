import type { StateCreator } from 'zustand';
import type { AppState } from './app-store.ts';

/** A slice creator over the combined state. */
export type Slice<T> = StateCreator<AppState, [], [], T>;
