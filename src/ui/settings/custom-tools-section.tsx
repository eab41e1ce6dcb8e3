import { useState } from 'react';
import type { Settings } from '../../config/settings.ts';
import { blankCustomTool, type CustomToolDefinition } from '../../tools/custom/definition.ts';
import { builtinTools } from '../../tools/registry.ts';
import { Button } from '../components/button.tsx';
import { useT } from '../use-t.ts';
import { ToolEditor } from './tool-editor.tsx';

const builtinNames = builtinTools.map((tool) => tool.name);

/** The custom tools in Settings: a toggle per tool like the built-ins, Edit / Delete, and `New tool`. */
export function CustomToolsSection(props: {
  tools: Settings['customTools'];
  enabled: Settings['enabledTools'];
  onEnabledChange: (enabled: Settings['enabledTools']) => void;
  /** Stores the new list at once (the editor's Save tool does not wait for the Settings Save). */
  onToolsChange: (tools: Settings['customTools']) => void;
}) {
  const t = useT();
  const [editing, setEditing] = useState<{ index: number | null; definition: CustomToolDefinition } | null>(null);

  const save = (definition: CustomToolDefinition) => {
    if (!editing) return;
    const next = [...props.tools];
    if (editing.index === null) next.push(definition);
    else next[editing.index] = definition;
    props.onToolsChange(next);
    setEditing(null);
  };

  const remove = (index: number) => props.onToolsChange(props.tools.filter((_, position) => position !== index));

  return (
    <div className="mt-3 flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold">{t('tools.custom.title')}</h3>
        <Button size="sm" onClick={() => setEditing({ index: null, definition: blankCustomTool() })}>
          {t('tools.custom.new')}
        </Button>
      </div>
      {props.tools.length === 0 ? (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('tools.custom.none')}</p>
      ) : null}
      <ul className="flex flex-col gap-1">
        {props.tools.map((tool, index) => (
          <li key={tool.name} className="flex items-center gap-2 text-xs">
            <input
              type="checkbox"
              aria-label={tool.name}
              checked={props.enabled[tool.name] !== false}
              onChange={(event) => props.onEnabledChange({ ...props.enabled, [tool.name]: event.target.checked })}
            />
            <code>{tool.name}</code>
            <span className="text-zinc-500 dark:text-zinc-400">
              {tool.kind === 'javascript' ? 'JavaScript' : `HTTP ${tool.method}`}
            </span>
            {tool.needsApproval ? (
              <span className="text-amber-700 dark:text-amber-400">{t('tools.custom.needsApproval')}</span>
            ) : null}
            <span className="ml-auto flex gap-1">
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Edit tool ${tool.name}`}
                onClick={() => setEditing({ index, definition: tool })}
              >
                {t('tools.custom.edit')}
              </Button>
              <Button size="sm" variant="ghost" aria-label={`Delete tool ${tool.name}`} onClick={() => remove(index)}>
                {t('tools.custom.delete')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {editing ? (
        <ToolEditor
          initial={editing.definition}
          builtinNames={builtinNames}
          otherNames={props.tools.filter((_, index) => index !== editing.index).map((tool) => tool.name)}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
