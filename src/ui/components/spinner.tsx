import { classNames } from './class-names.ts';

/** Props of {@link Spinner}: with a `label` it is announced as a status, without it is decorative. */
export interface SpinnerProps {
  label?: string;
  className?: string;
}

/** A small rotating ring. */
export function Spinner({ label, className }: SpinnerProps) {
  const ring = (
    <span
      aria-hidden="true"
      className={classNames(
        'inline-block size-3.5 shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none',
        className,
      )}
    />
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}
