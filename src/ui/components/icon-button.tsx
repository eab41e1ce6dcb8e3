import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { classNames } from './class-names.ts';

/** Props of {@link IconButton}: `label` is the accessible name, `title` the tooltip (defaults to the label). */
export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  label: string;
  icon: ReactNode;
  /** Visible text next to the icon, if any. */
  text?: ReactNode;
  size?: 'sm' | 'md';
  ref?: Ref<HTMLButtonElement>;
}

/** A small borderless button showing an icon, named by `aria-label`. */
export function IconButton({
  label,
  icon,
  text,
  size = 'sm',
  title,
  className,
  type = 'button',
  ref,
  ...rest
}: IconButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      title={title ?? label}
      className={classNames(
        'inline-flex shrink-0 items-center justify-center gap-1 rounded-md text-zinc-500 transition-colors',
        'hover:bg-zinc-100 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500',
        'disabled:cursor-not-allowed disabled:opacity-40',
        size === 'sm' ? 'h-7 min-w-7 px-1.5 text-xs' : 'h-9 min-w-9 px-2 text-sm',
        className,
      )}
      {...rest}
    >
      {icon}
      {text}
    </button>
  );
}
