/**
 * A table as tall as the window leaves it («the table and the page do not scroll separately»): the
 * table's body takes the height that makes the view's content end where the main area ends, so the page does
 * not scroll beside the table; only the table does. Measured from the content's end (whatever sits around the
 * table: the folded criteria, the toolbar, the preview pane, the hint) and again when the main area or its
 * content changes size. Never below `min`: a window too short for it scrolls the page as before.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

export function useWindowFill(anchor: RefObject<HTMLElement | null>, enabled: boolean, initial: number, min = 240): number {
  const [height, setHeight] = useState(initial);
  useLayoutEffect(() => {
    const main = enabled ? anchor.current?.closest<HTMLElement>('.frame__main') : null;
    if (!main) return undefined;
    const measure = () => {
      const children = [...main.children];
      if (children.length === 0) return;
      const box = main.getBoundingClientRect();
      const padding = parseFloat(getComputedStyle(main).paddingBottom) || 0;
      const end = Math.max(...children.map((c) => c.getBoundingClientRect().bottom)) - box.top + main.scrollTop + padding;
      const slack = main.clientHeight - end;
      if (Math.abs(slack) >= 1) setHeight((h) => Math.max(min, Math.floor(h + slack)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(main);
    for (const child of main.children) observer.observe(child);
    return () => observer.disconnect();
  }, [anchor, enabled, min]);
  return height;
}
