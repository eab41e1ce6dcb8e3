import type { SessionOverrides } from '../db/schema.ts';
import type { Settings } from './settings.ts';

/** The longest model id and system prompt a session keeps (the sessions file allows the same). */
export const OVERRIDE_LIMITS = { model: 500, systemPrompt: 100_000 } as const;

/**
 * The overrides as stored: trimmed, empty fields dropped, undefined when nothing is left (the session then follows
 * the global settings again).
 */
export function normaliseSessionOverrides(input: {
  model?: string | undefined;
  systemPrompt?: string | undefined;
}): SessionOverrides | undefined {
  const model = (input.model ?? '').trim().slice(0, OVERRIDE_LIMITS.model);
  const systemPrompt = (input.systemPrompt ?? '').trim().slice(0, OVERRIDE_LIMITS.systemPrompt);
  const overrides: SessionOverrides = {};
  if (model) overrides.model = model;
  if (systemPrompt) overrides.systemPrompt = systemPrompt;
  return overrides.model === undefined && overrides.systemPrompt === undefined ? undefined : overrides;
}

/** The settings one session's runs use: the global settings with the session's model and system prompt, if it has them. */
export function withSessionOverrides(settings: Settings, overrides: SessionOverrides | undefined): Settings {
  if (!overrides) return settings;
  return {
    ...settings,
    ...(overrides.model ? { model: overrides.model } : {}),
    ...(overrides.systemPrompt ? { systemPrompt: overrides.systemPrompt } : {}),
  };
}
