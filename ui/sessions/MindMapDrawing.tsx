import { Markmap } from 'markmap-view';
import { useEffect, useRef } from 'react';
import { mindMapTree } from './mindMapTree.ts';

/**
 * How the map behaves on a page that scrolls: the wheel scrolls the page as everywhere else (with
 * Ctrl, or a pinch, it zooms), and dragging moves the map; clicking a node's circle folds it.
 */
const drawingOptions = {
  zoom: true,
  pan: false,
  scrollForPan: true,
  duration: 300,
  maxWidth: 320,
};

/** A mind map's Markdown drawn as an interactive map (markmap), redrawn when the Markdown changes. */
export function MindMapDrawing(props: { markdown: string }) {
  const drawing = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (drawing.current === null) return;
    const map = Markmap.create(drawing.current, drawingOptions, mindMapTree(props.markdown));
    return () => map.destroy();
  }, [props.markdown]);
  return (
    <svg
      ref={drawing}
      className="mind-map-drawing"
      role="img"
      aria-label="The mind map, drawn"
      data-testid="mind-map-drawing"
    />
  );
}
