import { useId, useState } from 'react';

/** Props of {@link ApiKeyField}. */
export interface ApiKeyFieldProps {
  value: string;
  onChange(value: string): void;
  disabled: boolean;
  label: string;
  hint: string;
  showText: string;
  hideText: string;
  inputClassName: string;
}

/** The API key: masked by default (a password field named `API key`), with a button to show it while typing. */
export function ApiKeyField({
  value,
  onChange,
  disabled,
  label,
  hint,
  showText,
  hideText,
  inputClassName,
}: ApiKeyFieldProps) {
  const [visible, setVisible] = useState(false);
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300">
      <label htmlFor={inputId}>{label}</label>
      <div className="flex gap-1">
        <input
          id={inputId}
          aria-label="API key"
          aria-describedby={hintId}
          className={inputClassName}
          type={visible && !disabled ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          aria-controls={inputId}
          disabled={disabled}
          onClick={() => setVisible(!visible)}
          className="shrink-0 rounded-md border border-slate-300 px-2 text-xs font-normal hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {visible ? hideText : showText}
        </button>
      </div>
      <span id={hintId} className="font-normal text-slate-500 dark:text-slate-400">
        {hint}
      </span>
    </div>
  );
}
