import { useEffect, useRef } from 'react';
import { classNames } from '../components/class-names.ts';
import type { SlashCompletion } from './slash-commands.ts';
import { useNames } from '../use-t.ts';

/** Props of {@link SlashCommandMenu}. Option element ids are `${id}-${option.id}`. */
export interface SlashCommandMenuProps {
  id: string;
  options: readonly SlashCompletion[];
  activeIndex: number;
  onPick: (option: SlashCompletion) => void;
  onHover: (index: number) => void;
  title: string;
}

/** The completion popup above the message box; focus stays in the box (`aria-activedescendant`). */
export function SlashCommandMenu({ id, options, activeIndex, onPick, onHover, title }: SlashCommandMenuProps) {
  const names = useNames();
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const activeElement = listRef.current?.children[activeIndex];
    if (activeElement instanceof HTMLElement) activeElement.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  return (
    <div className="absolute right-4 bottom-full left-4 z-20 mb-1 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
      <p
        aria-hidden="true"
        className="px-3 pt-2 pb-1 text-[11px] font-medium tracking-wide text-zinc-500 dark:text-zinc-400 uppercase"
      >
        {title}
      </p>
      <ul ref={listRef} id={id} role="listbox" aria-label={names('Commands')} className="max-h-64 overflow-y-auto pb-1">
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${id}-${option.id}`}
            role="option"
            aria-selected={index === activeIndex}
            // Keep focus in the textarea: choosing must not blur it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(option)}
            onMouseMove={() => index !== activeIndex && onHover(index)}
            className={classNames(
              'flex cursor-pointer items-baseline gap-3 px-3 py-1.5 text-sm',
              index === activeIndex ? 'bg-indigo-50 dark:bg-indigo-950/60' : 'hover:bg-zinc-50 dark:hover:bg-zinc-800',
            )}
          >
            <span className="shrink-0 font-mono text-zinc-900 dark:text-zinc-100">{option.label}</span>
            <span className="min-w-0 truncate text-xs text-zinc-500 dark:text-zinc-400">{option.description}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
