import type { Settings } from '../config/settings.ts';
import type { ExperimentVariant } from './experiment-types.ts';

/** A variant that changes nothing: Settings' protocol, tools, delegation, answer check and temperature. */
export function defaultVariant(settings: Settings): ExperimentVariant {
  return {
    model: '',
    protocol: settings.protocol,
    systemPrompt: '',
    delegation: settings.delegation,
    answerCheck: settings.answerCheck,
    temperature: settings.temperature,
  };
}

/** The settings one variant's runs use: Settings with the variant's choices (an empty model or prompt keeps Settings'). */
export function variantSettings(settings: Settings, variant: ExperimentVariant): Settings {
  const model = variant.model.trim();
  const systemPrompt = variant.systemPrompt.trim();
  return {
    ...settings,
    ...(model ? { model } : {}),
    ...(systemPrompt ? { systemPrompt } : {}),
    protocol: variant.protocol,
    enabledTools: { ...settings.enabledTools, ...variant.enabledTools },
    delegation: variant.delegation,
    answerCheck: variant.answerCheck,
    temperature: variant.temperature,
  };
}
