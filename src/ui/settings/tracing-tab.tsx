import { useNames, useT } from '../use-t.ts';
import { SettingItem } from './setting-item.tsx';
import { Field, inputClass, type SettingsTabProps } from './settings-fields.tsx';

/** The Tracing tab: where finished traces are sent (OTLP/HTTP JSON). */
export function TracingTab({ draft, update }: SettingsTabProps) {
  const names = useNames();
  const t = useT();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold">{t('settings.section.export')}</legend>
      <SettingItem id="otlpEndpoint">
        <Field label={t('settings.otlpEndpoint')}>
          <input
            aria-label={names('OTLP endpoint')}
            type="url"
            className={inputClass}
            placeholder="http://localhost:4318/v1/traces"
            value={draft.otlpEndpoint}
            onChange={(event) => update('otlpEndpoint', event.target.value)}
          />
        </Field>
      </SettingItem>
      <SettingItem id="otlpHeaders">
        <Field label={t('settings.otlpHeaders')}>
          <textarea
            aria-label={names('OTLP headers')}
            rows={2}
            className={inputClass}
            value={draft.otlpHeaders}
            onChange={(event) => update('otlpHeaders', event.target.value)}
          />
        </Field>
      </SettingItem>
    </fieldset>
  );
}
