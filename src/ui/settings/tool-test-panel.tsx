import { useState } from 'react';
import type { CustomToolDefinition } from '../../tools/custom/definition.ts';
import { services } from '../../store/services.ts';
import { useAppStore } from '../../store/app-store.ts';
import { Button } from '../components/button.tsx';
import { useNames, useT } from '../use-t.ts';
import { Field, inputClass } from './tool-editor-fields.tsx';

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

/**
 * The editor's Test: sample arguments, Test (which runs the definition once when `checked` accepts it) and the result.
 */
export function ToolTestPanel({ checked }: { checked: () => CustomToolDefinition | null }) {
  const t = useT();
  const names = useNames();
  const [sample, setSample] = useState('{}');
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);

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

  return (
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
  );
}
