import { useId } from 'react';
import { createPlanTranslate } from '../../i18n/plan.ts';
import { useLanguage } from '../use-t.ts';
import { SettingItem } from './setting-item.tsx';
import type { SettingsTabProps } from './settings-fields.tsx';

/** The answer check on/off (PRODUCT.md §9): after a final answer, one more model call checks it, and revises it once. */
export function AnswerCheckSection({ draft, update }: Pick<SettingsTabProps, 'draft' | 'update'>) {
  const t = createPlanTranslate(useLanguage());
  const hintId = useId();
  return (
    <SettingItem id="answerCheck">
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 text-xs">
          <input
            type="checkbox"
            aria-label="Check answers before finishing"
            aria-describedby={hintId}
            checked={draft.answerCheck}
            onChange={(event) => update('answerCheck', event.target.checked)}
          />
          {t('answerCheck')}
        </label>
        <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {t('answerCheckHint')}
        </p>
      </div>
    </SettingItem>
  );
}
