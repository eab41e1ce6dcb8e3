import { useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { checkDefinition } from '../../tools/custom/check-definition.ts';
import type { CustomToolDefinition } from '../../tools/custom/definition.ts';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useT } from '../use-t.ts';
import { stringifyJson } from '../../json/deep-json.ts';
import {
  Field,
  HttpFields,
  inputClass,
  JavaScriptFields,
  NameKindDescription,
  type UpdateTool,
} from './tool-editor-fields.tsx';
import { ToolTestPanel } from './tool-test-panel.tsx';

/** The `Tool editor` dialog: a custom tool's name, description, JSON Schema, kind and body; Test runs it once. */
export function ToolEditor(props: {
  initial: CustomToolDefinition;
  builtinNames: readonly string[];
  otherNames: readonly string[];
  onSave: (definition: CustomToolDefinition) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<CustomToolDefinition>(props.initial);
  const [parametersText, setParametersText] = useState(() => stringifyJson(props.initial.parameters, 2) ?? '{}');
  const [problem, setProblem] = useState<string | null>(null);
  const update: UpdateTool = (key, value) => setDraft((current) => ({ ...current, [key]: value }));

  const checked = () => {
    const result = checkDefinition(
      { ...draft, name: draft.name.trim() },
      parametersText,
      props.builtinNames,
      props.otherNames,
    );
    setProblem(result.ok ? null : result.message);
    return result.ok ? result.definition : null;
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const definition = checked();
    if (definition) props.onSave(definition);
  };

  return createPortal(
    <Dialog
      open
      title={t('tools.editor.title')}
      label="Tool editor"
      onClose={props.onClose}
      className="w-[min(44rem,calc(100vw-2rem))]"
    >
      <form onSubmit={save} className="flex flex-col gap-3">
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('tools.editor.intro')}</p>
        <NameKindDescription draft={draft} update={update} />
        <Field label={t('tools.editor.parameters')}>
          <textarea
            aria-label="Parameters (JSON Schema)"
            rows={5}
            className={inputClass}
            value={parametersText}
            onChange={(event) => setParametersText(event.target.value)}
            spellCheck={false}
          />
        </Field>
        {draft.kind === 'javascript' ? (
          <JavaScriptFields draft={draft} update={update} />
        ) : (
          <HttpFields draft={draft} update={update} />
        )}
        <label className="flex items-center gap-2 text-xs">
          <input
            type="checkbox"
            aria-label="Needs approval"
            checked={draft.needsApproval}
            onChange={(event) => update('needsApproval', event.target.checked)}
          />
          {t('tools.editor.needsApproval')}
        </label>
        <ToolTestPanel checked={checked} />
        {problem ? (
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={props.onClose}>{t('settings.cancel')}</Button>
          <Button type="submit" variant="primary">
            {t('tools.editor.save')}
          </Button>
        </div>
      </form>
    </Dialog>,
    document.body,
  );
}
