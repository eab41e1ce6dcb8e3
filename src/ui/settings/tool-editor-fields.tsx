import type { ReactNode } from 'react';
import { HTTP_METHODS, type CustomToolDefinition } from '../../tools/custom/definition.ts';
import { useNames, useT } from '../use-t.ts';

export const inputClass =
  'w-full rounded-md border border-zinc-300 bg-white px-2 py-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950';
const labelClass = 'flex flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300';

/** A labelled control of the tool editor. */
export function Field(props: { label: string; children: ReactNode }) {
  return (
    <label className={labelClass}>
      <span>{props.label}</span>
      {props.children}
    </label>
  );
}

/** Changes one field of the tool being edited. */
export type UpdateTool = <K extends keyof CustomToolDefinition>(key: K, value: CustomToolDefinition[K]) => void;

/** Props of the editor's field groups. */
interface FieldsProps {
  draft: CustomToolDefinition;
  update: UpdateTool;
}

/** The tool's name, its kind (JavaScript or HTTP request) and the description the model reads. */
export function NameKindDescription({ draft, update }: FieldsProps) {
  const t = useT();
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('tools.editor.name')}>
          <input
            aria-label="Tool name"
            className={inputClass}
            value={draft.name}
            onChange={(event) => update('name', event.target.value)}
            spellCheck={false}
          />
        </Field>
        <Field label={t('tools.editor.kind')}>
          <select
            aria-label="Kind"
            className={inputClass}
            value={draft.kind}
            onChange={(event) => update('kind', event.target.value as CustomToolDefinition['kind'])}
          >
            <option value="javascript">JavaScript</option>
            <option value="http">HTTP request</option>
          </select>
        </Field>
      </div>
      <Field label={t('tools.editor.description')}>
        <textarea
          aria-label="Description"
          rows={2}
          className={inputClass}
          value={draft.description}
          onChange={(event) => update('description', event.target.value)}
        />
      </Field>
    </>
  );
}

/** A JavaScript tool: its code and whether it may use the network. */
export function JavaScriptFields({ draft, update }: FieldsProps) {
  const t = useT();
  const names = useNames();
  return (
    <>
      <Field label={t('tools.editor.code')}>
        <textarea
          aria-label="Code"
          rows={6}
          className={inputClass}
          value={draft.code}
          placeholder="return args.a + args.b"
          onChange={(event) => update('code', event.target.value)}
          spellCheck={false}
        />
      </Field>
      <label className="flex items-center gap-2 text-xs">
        <input
          type="checkbox"
          aria-label={names('Allow network')}
          checked={draft.allowNetwork}
          onChange={(event) => update('allowNetwork', event.target.checked)}
        />
        {t('tools.editor.allowNetwork')}
      </label>
    </>
  );
}

/** An HTTP tool: the URL template, method, headers and body template. */
export function HttpFields({ draft, update }: FieldsProps) {
  const t = useT();
  const names = useNames();
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <Field label={t('tools.editor.url')}>
          <input
            aria-label="URL template"
            className={inputClass}
            value={draft.urlTemplate}
            placeholder="https://api.example.com/items/{id}"
            onChange={(event) => update('urlTemplate', event.target.value)}
            spellCheck={false}
          />
        </Field>
        <Field label={t('tools.editor.method')}>
          <select
            aria-label="Method"
            className={inputClass}
            value={draft.method}
            onChange={(event) => update('method', event.target.value as CustomToolDefinition['method'])}
          >
            {HTTP_METHODS.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field label={t('tools.editor.headers')}>
        <textarea
          aria-label={names('Headers')}
          rows={2}
          className={inputClass}
          value={draft.headers}
          placeholder="Authorization: Bearer …"
          onChange={(event) => update('headers', event.target.value)}
          spellCheck={false}
        />
      </Field>
      <Field label={t('tools.editor.body')}>
        <textarea
          aria-label={names('Body template')}
          rows={3}
          className={inputClass}
          value={draft.bodyTemplate}
          placeholder='{"query": "{query}"}'
          onChange={(event) => update('bodyTemplate', event.target.value)}
          spellCheck={false}
        />
      </Field>
    </>
  );
}
