// Where a pane's frame sits in its workspace, for the tiles and the floats alike: a rectangle in
// fractions of the pane area, inset by a small gap, or the whole area when it is full screen.
import type { CSSProperties } from 'react';

/** The gap kept around every pane frame. */
export const GAP_PX = 4;

export function tileStyle(r: { x: number; y: number; w: number; h: number } | 'full'): CSSProperties {
  if (r === 'full')
    return {
      left: GAP_PX,
      top: GAP_PX,
      width: `calc(100% - ${GAP_PX * 2}px)`,
      height: `calc(100% - ${GAP_PX * 2}px)`,
    };
  return {
    left: `calc(${r.x * 100}% + ${GAP_PX}px)`,
    top: `calc(${r.y * 100}% + ${GAP_PX}px)`,
    width: `calc(${r.w * 100}% - ${GAP_PX * 2}px)`,
    height: `calc(${r.h * 100}% - ${GAP_PX * 2}px)`,
  };
}
