import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';

/** Pixels from the end within which the reader counts as at the end. */
export const END_THRESHOLD_PX = 80;
/** Keys that scroll the focused log upwards. */
const UPWARD_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/** The elements of a followed list: the scroller, the sized box of its rows, and what follows the rows. */
export interface FollowElements {
  scrollRef: RefObject<HTMLDivElement | null>;
  sizerRef: RefObject<HTMLDivElement | null>;
  footerRef: RefObject<HTMLDivElement | null>;
}

/** What {@link useFollowLatest} gives the list. */
export interface FollowLatest {
  /** The list follows new output. */
  following: boolean;
  /** Follow again, from the end (Jump to latest). */
  followToEnd: () => void;
  /** Stop following (the reader asked for another message). */
  stopFollowing: () => void;
}

/**
 * Follow-the-latest for the message list, one mechanism: while the reader follows, every change of the content's
 * size (rows measured or appended, the footer, the viewport), seen by one ResizeObserver, pins the view to the end.
 * Following is the reader's intent, not a geometric test at render time: only the reader scrolling up ends it (a
 * wheel, touch or key gesture upwards, a scrollbar drag upwards, or a jump up by more than a screen); reaching the end
 * again, "Jump to latest", a new `endKey` (the user sent a message) or opening another session starts it again.
 */
export function useFollowLatest(
  elements: FollowElements,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  sessionId: string | undefined,
  endKey: string | number | undefined,
): FollowLatest {
  const { scrollRef, footerRef, sizerRef } = elements;
  const followingRef = useRef(true);
  const [following, setFollowingState] = useState(true);
  const setFollowing = useCallback((value: boolean) => {
    followingRef.current = value;
    setFollowingState(value);
  }, []);
  const followToEnd = useCallback(() => {
    setFollowing(true);
    virtualizer.scrollToEnd();
  }, [virtualizer, setFollowing]);
  const stopFollowing = useCallback(() => setFollowing(false), [setFollowing]);

  // Opening another session, or sending a message (a new `endKey`), follows again: decided while rendering, the
  // scroll made before paint. An empty session shows its first-run screen from the top.
  const [anchor, setAnchor] = useState({ sessionId, endKey });
  if (anchor.sessionId !== sessionId || anchor.endKey !== endKey) {
    setAnchor({ sessionId, endKey });
    setFollowingState(true);
  }
  useLayoutEffect(() => {
    followingRef.current = true;
    if (sessionId === undefined) scrollRef.current?.scrollTo({ top: 0 });
    else virtualizer.scrollToEnd();
  }, [sessionId, virtualizer, scrollRef]);
  useLayoutEffect(() => {
    if (endKey === undefined) return;
    followingRef.current = true;
    virtualizer.scrollToEnd();
  }, [endKey, virtualizer]);

  const hasRows = sessionId !== undefined;
  useEffect(() => {
    const scroller = scrollRef.current;
    const footer = footerRef.current;
    // The sizer exists only while there are rows: a list that gets its first rows observes it from then on.
    if (!scroller || !footer || !hasRows) return;
    return watchFollowing(scroller, footer, sizerRef.current, virtualizer, followingRef, setFollowing);
  }, [scrollRef, footerRef, sizerRef, virtualizer, hasRows, setFollowing]);

  return { following, followToEnd, stopFollowing };
}

/** Listens for the reader leaving or reaching the end, and pins the view to the end on size changes while following. */
function watchFollowing(
  scroller: HTMLDivElement,
  footer: HTMLDivElement,
  sizer: HTMLDivElement | null,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  followingRef: RefObject<boolean>,
  setFollowing: (value: boolean) => void,
): () => void {
  // Sizes as last observed, so a scroll never reads layout (that would force a layout of the rows just rendered, on
  // every scrolled or streamed frame): the content is the virtual rows plus the footer.
  let footerHeight = footer.offsetHeight;
  let viewportHeight = scroller.clientHeight;
  let lastOffset = virtualizer.scrollOffset ?? 0;
  let dragging = false;
  let touchY: number | undefined;
  const contentHeight = () => virtualizer.getTotalSize() + footerHeight;
  const leave = () => {
    // Content shorter than the viewport has nothing to leave.
    if (followingRef.current && contentHeight() > viewportHeight) setFollowing(false);
  };
  const listeners: Array<[EventTarget, string, (event: never) => void]> = [
    [
      scroller,
      'scroll',
      () => {
        const offset = virtualizer.scrollOffset ?? 0;
        if (contentHeight() - offset - viewportHeight <= END_THRESHOLD_PX) {
          if (!followingRef.current) setFollowing(true);
        } else if ((dragging && offset < lastOffset) || offset < lastOffset - viewportHeight) leave();
        lastOffset = offset;
      },
    ],
    // A press on the scroller itself (not on a row) is on its scrollbar.
    [scroller, 'pointerdown', (event: PointerEvent) => (dragging = event.target === scroller)],
    [window, 'pointerup', () => (dragging = false)],
    [scroller, 'wheel', (event: WheelEvent) => event.deltaY < 0 && leave()],
    [scroller, 'touchstart', (event: TouchEvent) => (touchY = event.touches[0]?.clientY)],
    [
      scroller,
      'touchmove',
      (event: TouchEvent) => {
        const y = event.touches[0]?.clientY;
        // A finger moving down scrolls the content up.
        if (y !== undefined && touchY !== undefined && y > touchY + 2) leave();
        touchY = y;
      },
    ],
    [
      scroller,
      'keydown',
      (event: KeyboardEvent) => (UPWARD_KEYS.has(event.key) || (event.key === ' ' && event.shiftKey)) && leave(),
    ],
  ];
  for (const [target, type, listener] of listeners) {
    target.addEventListener(type, listener as EventListener, { passive: true });
  }
  const observer =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver((observed) => {
          for (const entry of observed) {
            if (entry.target === footer) footerHeight = entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height;
            else if (entry.target === scroller) viewportHeight = entry.contentRect.height;
          }
          if (followingRef.current && virtualizer.options.count > 0) scroller.scrollTop = scroller.scrollHeight;
        });
  for (const element of [footer, scroller, sizer]) if (element) observer?.observe(element);
  return () => {
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener as EventListener);
    observer?.disconnect();
  };
}
