import { Icon } from '../components/icons.tsx';

/* Icons of the evals buttons on chat messages (loaded with them, not with the page), in the app's icon frame. */

/** A raised thumb. */
export function ThumbUpIcon() {
  return (
    <Icon>
      <path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h3z" />
      <path d="M7 10l4-7a2 2 0 0 1 3 2l-1 5h6a2 2 0 0 1 2 2.3l-1.4 7A2 2 0 0 1 17.6 21H7" />
    </Icon>
  );
}

/** A lowered thumb. */
export function ThumbDownIcon() {
  return (
    <Icon>
      <path d="M17 14V3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-3z" />
      <path d="M17 14l-4 7a2 2 0 0 1-3-2l1-5H5a2 2 0 0 1-2-2.3l1.4-7A2 2 0 0 1 6.4 3H17" />
    </Icon>
  );
}

/** A list with a plus: add to a dataset. */
export function AddToListIcon() {
  return (
    <Icon>
      <path d="M4 6h10M4 12h10M4 18h6M18 14v6M15 17h6" />
    </Icon>
  );
}
