import type { KeyboardEvent } from 'react';

/** Whether a key press should submit: Enter without Shift, and not while an IME is composing. */
export function isSubmitKey(event: KeyboardEvent<HTMLElement>): boolean {
  return event.key === 'Enter' && !event.shiftKey && !isComposing(event);
}

/** Whether the key press belongs to an IME composition (Chinese, Japanese… input). */
export function isComposing(event: KeyboardEvent<HTMLElement>): boolean {
  // keyCode 229 is what Safari reports for the Enter that confirms a composition.
  return event.nativeEvent.isComposing || event.keyCode === 229;
}
