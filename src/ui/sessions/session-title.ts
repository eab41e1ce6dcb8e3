import { UNTITLED } from '../../db/schema.ts';

/** The title to show for a session: a session with no title yet is shown as `untitled` in the UI language. */
export function sessionTitle(title: string | undefined, untitled: string): string {
  return !title || title === UNTITLED ? untitled : title;
}
