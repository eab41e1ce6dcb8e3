import { useEffect, type RefObject } from 'react';

/** While `active`, focuses the text box with the caret after its text (an edit box that just opened). */
export function useFocusAtEnd(ref: RefObject<HTMLTextAreaElement | null>, active: boolean): void {
  useEffect(() => {
    const textarea = ref.current;
    if (!active || !textarea) return;
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, [ref, active]);
}
