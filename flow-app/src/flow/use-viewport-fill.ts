// The height that makes an element reach the bottom of the window from where it starts, kept in
// step with window resizes, so the diagram's canvas fills the rest of the viewport.
import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

export const CANVAS_MIN_HEIGHT = 360;

/** `bottomGap`: the space left below the element (the main area's padding). */
export function useViewportFill(ref: RefObject<HTMLElement | null>, bottomGap = 24): number {
  const [height, setHeight] = useState(CANVAS_MIN_HEIGHT);
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    // measured against the scroll container's top so a scrolled main area does not shrink the canvas
    const top = element.getBoundingClientRect().top + (element.closest('#helio-main')?.scrollTop ?? 0);
    setHeight(Math.max(CANVAS_MIN_HEIGHT, Math.floor(window.innerHeight - top - bottomGap)));
  }, [ref, bottomGap]);
  useLayoutEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);
  return height;
}
