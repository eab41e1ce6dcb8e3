import { elementScroll, type Virtualizer } from '@tanstack/react-virtual';

type ScrollOptions = Parameters<typeof elementScroll>[1];

/**
 * The virtualiser's scroll writes, with its size corrections (a row above the view measured taller or shorter than
 * estimated) applied to where the view is now. TanStack adds a correction to the offset of the last scroll event; in
 * a fast scroll that offset is already a frame behind, so the write pulled the view back by what was scrolled since
 * (every third frame, about 600 px, in the 1,000-message scroll of the bench). Commands (scroll to a row, to the end)
 * are written as they are.
 */
export function scrollFromLiveOffset<TScroll extends HTMLElement, TItem extends Element>(
  offset: number,
  options: ScrollOptions,
  instance: Virtualizer<TScroll, TItem>,
): void {
  const element = instance.scrollElement;
  const correction = options.adjustments ?? 0;
  if (correction === 0 || !element || options.behavior === 'smooth' || instance.options.horizontal) {
    elementScroll(offset, options, instance);
    return;
  }
  element.scrollTo({ top: element.scrollTop + correction });
}
