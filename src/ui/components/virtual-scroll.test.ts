import type { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { scrollFromLiveOffset } from './virtual-scroll.ts';

/** A scroll element that records its writes, at `scrollTop` now, under a virtualiser that last saw another offset. */
function scroller(scrollTop: number) {
  const writes: ScrollToOptions[] = [];
  const element = {
    scrollTop,
    scrollTo(options: ScrollToOptions) {
      writes.push(options);
      element.scrollTop = options.top ?? element.scrollTop;
    },
  };
  const instance = { scrollElement: element, options: { horizontal: false, isRtl: false } } as unknown as Virtualizer<
    HTMLElement,
    Element
  >;
  return { element, instance, writes };
}

describe('scrollFromLiveOffset', () => {
  it('adds a size correction to where the view is now, not to the offset of the last scroll event', () => {
    // The last scroll event said 900; the view has since moved on to 1,500 and a row above grew by 40 px.
    const { element, instance, writes } = scroller(1500);
    scrollFromLiveOffset(900, { adjustments: 40 }, instance);
    expect(writes).toEqual([{ top: 1540 }]);
    expect(element.scrollTop).toBe(1540);
  });

  it('writes a command (a row, the end) to the offset asked for, whatever the view is at', () => {
    const { instance, writes } = scroller(1500);
    scrollFromLiveOffset(700, {}, instance);
    scrollFromLiveOffset(300, { behavior: 'smooth' }, instance);
    expect(writes).toEqual([
      { top: 700, behavior: undefined },
      { top: 300, behavior: 'smooth' },
    ]);
  });
});
