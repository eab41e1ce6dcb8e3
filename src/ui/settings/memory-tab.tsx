import { useNames, useT } from '../use-t.ts';
import { ConsolidationSection } from './consolidation-section.tsx';
import { SemanticRecallSection } from './semantic-recall-section.tsx';
import { SettingItem } from './setting-item.tsx';
import { Field, inputClass, numberOr, type SettingsTabProps } from './settings-fields.tsx';

/** The Memory tab: long-term recall and when the context is compacted. */
export function MemoryTab({ draft, update }: SettingsTabProps) {
  const names = useNames();
  const t = useT();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SettingItem id="memoryRecall">
        <label className="flex items-center gap-2 text-xs sm:col-span-2">
          <input
            type="checkbox"
            checked={draft.memoryRecall}
            onChange={(event) => update('memoryRecall', event.target.checked)}
          />
          {t('settings.memoryRecall')}
        </label>
      </SettingItem>
      <SemanticRecallSection draft={draft} update={update} />
      <SettingItem id="compactionShare">
        <Field label={t('settings.compactionShare')}>
          <input
            aria-label={names('Compaction share')}
            type="number"
            min={0.2}
            max={0.95}
            step={0.05}
            className={inputClass}
            value={draft.compactionShare}
            onChange={(event) => update('compactionShare', numberOr(event.target.value, draft.compactionShare))}
          />
        </Field>
      </SettingItem>
      <ConsolidationSection draft={draft} update={update} />
    </div>
  );
}
