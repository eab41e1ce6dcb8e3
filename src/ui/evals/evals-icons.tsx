import type { SVGProps } from 'react';

/** Icons of the evals buttons on chat messages (loaded with them, not with the page). */
function EvalsIcon({ children, ...rest }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="size-4"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** A raised thumb. */
export function ThumbUpIcon() {
  return (
    <EvalsIcon>
      <path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h3z" />
      <path d="M7 10l4-7a2 2 0 0 1 3 2l-1 5h6a2 2 0 0 1 2 2.3l-1.4 7A2 2 0 0 1 17.6 21H7" />
    </EvalsIcon>
  );
}

/** A lowered thumb. */
export function ThumbDownIcon() {
  return (
    <EvalsIcon>
      <path d="M17 14V3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-3z" />
      <path d="M17 14l-4 7a2 2 0 0 1-3-2l1-5H5a2 2 0 0 1-2-2.3l1.4-7A2 2 0 0 1 6.4 3H17" />
    </EvalsIcon>
  );
}

/** A list with a plus: add to a dataset. */
export function AddToListIcon() {
  return (
    <EvalsIcon>
      <path d="M4 6h10M4 12h10M4 18h6M18 14v6M15 17h6" />
    </EvalsIcon>
  );
}
