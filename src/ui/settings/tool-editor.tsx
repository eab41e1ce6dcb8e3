import { useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { checkDefinition } from '../../tools/custom/check-definition.ts';
import { HTTP_METHODS, type CustomToolDefinition } from '../../tools/custom/definition.ts';
import { services } from '../../store/services.ts';
import { useAppStore } from '../../store/app-store.ts';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useNames, useT } from '../use-t.ts';
import { stringifyJson } from '../../json/deep-json.ts';

const inputClass =
  'w-full rounded-md border border-zinc-300 bg-white px-2 py-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950';
const labelClass = 'flex flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300';

function Field(props: { label: string; children: ReactNode }) {
  return (
    <label className={labelClass}>
      <span>{props.label}</span>
      {props.children}
    </label>
  );
}

/** Runs the definition once with the sample arguments (the runtime part is loaded only when Test is pressed). */
async function runTest(definition: CustomToolDefinition, sampleText: string): Promise<{ ok: boolean; text: string }> {
  let args: unknown;
  try {
    args = sampleText.trim() === '' ? {} : JSON.parse(sampleText);
  } catch (error) {
    return {
      ok: false,
      text: `The sample arguments are not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const [{ testCustomTool }, { serialiseResult }] = await Promise.all([
    import('../../tools/custom/custom-tool.ts'),
    import('../../agent/execute-tool-calls.ts'),
  ]);
  const { persistence, fetch, runSandboxed, now } = services();
  const timeoutMs = useAppStore.getState().settings.toolTimeoutSeconds * 1000;
  const context = {
    sessionId: 'tool-editor-test',
    callId: 'test',
    signal: AbortSignal.timeout(timeoutMs + 10_000),
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
    now: () => new Date(now()),
    toolState: persistence.toolState,
    notes: persistence.notes,
    attachments: persistence.attachments,
    ...(runSandboxed ? { runSandboxed } : {}),
  };
  const outcome = await testCustomTool(definition, args, context, { timeoutMs });
  return outcome.ok ? { ok: true, text: serialiseResult(outcome.result) } : { ok: false, text: outcome.message };
}

/** The `Tool editor` dialog: a custom tool's name, description, JSON Schema, kind and body; Test runs it once. */
export function ToolEditor(props: {
  initial: CustomToolDefinition;
  builtinNames: readonly string[];
  otherNames: readonly string[];
  onSave: (definition: CustomToolDefinition) => void;
  onClose: () => void;
}) {
  const t = useT();
  const names = useNames();
  const [draft, setDraft] = useState<CustomToolDefinition>(props.initial);
  const [parametersText, setParametersText] = useState(() => stringifyJson(props.initial.parameters, 2) ?? '{}');
  const [sample, setSample] = useState('{}');
  const [problem, setProblem] = useState<string | null>(null);
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const update = <K extends keyof CustomToolDefinition>(key: K, value: CustomToolDefinition[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

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

  const test = async () => {
    const definition = checked();
    if (!definition) return;
    setTesting(true);
    setTestResult(null);
    try {
      setTestResult(await runTest(definition, sample));
    } catch (error) {
      setTestResult({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setTesting(false);
    }
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
        ) : (
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
        <div className="flex flex-col gap-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-700">
          <Field label={t('tools.editor.sample')}>
            <textarea
              aria-label={names('Sample arguments')}
              rows={2}
              className={inputClass}
              value={sample}
              onChange={(event) => setSample(event.target.value)}
              spellCheck={false}
            />
          </Field>
          <div className="flex items-center gap-2">
            <Button size="sm" onClick={() => void test()} disabled={testing}>
              {t('tools.editor.test')}
            </Button>
            {testing ? <span className="text-xs text-zinc-500">{t('tools.editor.testing')}</span> : null}
          </div>
          {testResult ? (
            <output
              aria-label={names('Test result')}
              data-ok={testResult.ok ? 'true' : 'false'}
              className={`whitespace-pre-wrap break-words font-mono text-xs ${testResult.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}
            >
              {testResult.text}
            </output>
          ) : null}
        </div>
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
