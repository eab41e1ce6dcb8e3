import { useEffect } from 'react';
import { createSemanticRecallTranslate } from '../../../i18n/semantic-recall.ts';
import { useLanguage } from '../../use-t.ts';
import { inputClass } from '../settings-fields.tsx';
import { refreshModelFiles, useModelFiles } from './model-files-state.ts';

/**
 * `Embedding model` when the provider is the model in this browser: a choice among the stored GGUF files (or none).
 * Loaded with the local provider's settings only.
 */
export default function LocalEmbeddingPicker({ value, onChange }: { value: string; onChange(file: string): void }) {
  const t = createSemanticRecallTranslate(useLanguage());
  const listing = useModelFiles((state) => state.listing);
  useEffect(() => void refreshModelFiles(), []);
  const names = listing?.files.filter((file) => !file.partial).map((file) => file.name) ?? [];
  // A chosen file not listed (yet, or deleted) stays visible so the choice is not lost silently.
  if (value && !names.includes(value)) names.unshift(value);
  return (
    <select
      aria-label="Embedding model"
      className={inputClass}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{t('noLocalEmbedder')}</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </select>
  );
}
