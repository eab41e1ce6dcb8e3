import type { Settings } from '../../config/settings.ts';
import { useNames, useT } from '../use-t.ts';
import { SettingItem } from './setting-item.tsx';
import { Field, inputClass, type SettingsTabProps } from './settings-fields.tsx';

/** The Appearance tab: language and theme. */
export function AppearanceTab({ draft, update }: SettingsTabProps) {
  const names = useNames();
  const t = useT();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SettingItem id="language">
        <Field label={t('app.language')}>
          <select
            aria-label="Language"
            className={inputClass}
            value={draft.language}
            onChange={(event) => update('language', event.target.value as Settings['language'])}
          >
            <option value="system">{t('app.language.system')}</option>
            <option value="en">English</option>
            <option value="zh-CN">简体中文</option>
          </select>
        </Field>
      </SettingItem>
      <SettingItem id="theme">
        <Field label={t('app.theme')}>
          <select
            aria-label={names('Theme')}
            className={inputClass}
            value={draft.theme}
            onChange={(event) => update('theme', event.target.value as Settings['theme'])}
          >
            <option value="system">{t('app.theme.system')}</option>
            <option value="light">{t('app.theme.light')}</option>
            <option value="dark">{t('app.theme.dark')}</option>
          </select>
        </Field>
      </SettingItem>
    </div>
  );
}
