import { useId, useMemo } from 'react';
import { createConsolidationTranslate } from '../../i18n/consolidation.ts';
import { useLanguage } from '../use-t.ts';
import { SettingItem } from './setting-item.tsx';
import type { SettingsTabProps } from './settings-fields.tsx';

/** The Memory tab's consolidation switch: a compaction's summary is also kept as a long-term note. */
export function ConsolidationSection({ draft, update }: Pick<SettingsTabProps, 'draft' | 'update'>) {
  const language = useLanguage();
  const hintId = useId();
  const t = useMemo(() => createConsolidationTranslate(language), [language]);
  return (
    <SettingItem id="consolidateCompactions">
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label className="flex items-center gap-2 text-xs">
          <input
            type="checkbox"
            aria-describedby={hintId}
            checked={draft.consolidateCompactions}
            onChange={(event) => update('consolidateCompactions', event.target.checked)}
          />
          {t('setting')}
        </label>
        <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {t('hint')}
        </p>
      </div>
    </SettingItem>
  );
}
