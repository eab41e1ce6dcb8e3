import type { Settings } from '../../config/settings.ts';
import { createPlanTranslate } from '../../i18n/plan.ts';
import { useLanguage, useNames, useT } from '../use-t.ts';
import { AnswerCheckSection } from './answer-check-section.tsx';
import { SettingItem } from './setting-item.tsx';
import { Field, inputClass, numberOr, type SettingsTabProps } from './settings-fields.tsx';

/** The Agent tab: the loop's limits, the protocol and the system prompt. */
export function AgentTab({ draft, update }: SettingsTabProps) {
  const t = useT();
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-4">
      <LimitsRow draft={draft} update={update} />
      {/* A row of its own: the options are longer than a third of the dialog. */}
      <SettingItem id="protocol">
        <Field
          label={t('settings.protocol')}
          hint={draft.protocol === 'json' ? createPlanTranslate(language)('protocolJsonHint') : undefined}
        >
          <select
            aria-label="Protocol"
            className={inputClass}
            value={draft.protocol}
            onChange={(event) => update('protocol', event.target.value as Settings['protocol'])}
          >
            <option value="auto">{t('settings.protocol.auto')}</option>
            <option value="tools">{t('settings.protocol.tools')}</option>
            <option value="react">{t('settings.protocol.react')}</option>
            <option value="json">{createPlanTranslate(language)('protocolJson')}</option>
          </select>
        </Field>
      </SettingItem>
      <AnswerCheckSection draft={draft} update={update} />
      <SettingItem id="systemPrompt">
        <Field label={t('settings.systemPrompt')}>
          <textarea
            aria-label="System prompt"
            rows={4}
            className={inputClass}
            placeholder={t('settings.systemPromptPlaceholder')}
            value={draft.systemPrompt}
            onChange={(event) => update('systemPrompt', event.target.value)}
          />
        </Field>
      </SettingItem>
    </div>
  );
}

/** The loop's limits in one row: steps, tool calls and the time limit. */
function LimitsRow({ draft, update }: Pick<SettingsTabProps, 'draft' | 'update'>) {
  const names = useNames();
  const t = useT();
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <SettingItem id="maxSteps">
        <Field label={t('settings.maxSteps')}>
          <input
            aria-label="Max steps"
            type="number"
            min={1}
            max={100}
            className={inputClass}
            value={draft.maxSteps}
            onChange={(event) => update('maxSteps', Math.round(numberOr(event.target.value, draft.maxSteps)))}
          />
        </Field>
      </SettingItem>
      <SettingItem id="maxToolCalls">
        <Field label={t('settings.maxToolCalls')}>
          <input
            aria-label={names('Max tool calls')}
            type="number"
            min={1}
            max={500}
            className={inputClass}
            value={draft.maxToolCalls}
            onChange={(event) => update('maxToolCalls', Math.round(numberOr(event.target.value, draft.maxToolCalls)))}
          />
        </Field>
      </SettingItem>
      <SettingItem id="deadline">
        <Field label={t('settings.deadline')}>
          <input
            aria-label={names('Time limit')}
            type="number"
            min={5}
            max={3600}
            className={inputClass}
            value={draft.deadlineSeconds}
            onChange={(event) => update('deadlineSeconds', numberOr(event.target.value, draft.deadlineSeconds))}
          />
        </Field>
      </SettingItem>
    </div>
  );
}
