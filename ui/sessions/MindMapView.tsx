import { lazy, Suspense, useState } from 'react';

// markmap and what it brings (d3, a Markdown parser) are loaded with the first map shown, not with
// every page of the app.
const MindMapDrawing = lazy(() =>
  import('./MindMapDrawing.tsx').then((module) => ({ default: module.MindMapDrawing })),
);

/** The mind map drawn, or its Markdown source as the model wrote it, which a toggle switches. */
export function MindMapView(props: { markdown: string }) {
  const [showingSource, setShowingSource] = useState(false);
  return (
    <>
      <div className="mind-map-toolbar">
        <button type="button" aria-pressed={showingSource} onClick={() => setShowingSource(!showingSource)}>
          Markdown source
        </button>
        {!showingSource && (
          <span className="field-hint">
            Drag to move it, Ctrl + scroll to zoom, click a circle to fold or unfold its branch.
          </span>
        )}
      </div>
      {showingSource ? (
        <pre className="mind-map" data-testid="mind-map-source">
          {props.markdown}
        </pre>
      ) : (
        <Suspense
          fallback={
            <p className="muted" role="status">
              Drawing the mind map…
            </p>
          }
        >
          <MindMapDrawing markdown={props.markdown} />
        </Suspense>
      )}
    </>
  );
}
