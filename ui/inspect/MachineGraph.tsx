import { useId, useLayoutEffect, useRef, useState } from 'react';
import type {
  MachineDrawing,
  StateDescription,
  TransitionDescription,
} from '../../machines/analysis/machineDescription.ts';

// Below this the labels are too small to read: a wider drawing scrolls instead.
const smallestScale = 0.8;

/**
 * A machine drawn from the layout the service computed: states as boxes (compound ones around their
 * children), transitions as polylines with arrowheads and labels. The states the actor is in and
 * the transitions it just took are highlighted. The drawing scales down to its frame, never up and
 * never below `smallestScale`: a wider one scrolls, or shrinks to fit when the user asks.
 */
export function MachineGraph(props: {
  drawing: MachineDrawing;
  activeStateIds: readonly string[];
  takenTransitionIds: readonly string[];
}) {
  const { description, layout } = props.drawing;
  // Marker ids must be unique on the page (several graphs can be drawn) and valid in url(#…).
  const markerPrefix = `graph-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [wholeMachine, setWholeMachine] = useState(false);
  const [tooWide, setTooWide] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const activeKey = props.activeStateIds.join(' ');
  // A drawing wider than its frame scrolls: bring the states the actor is in into view.
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    const svg = svgRef.current;
    const boxes = activeKey
      .split(' ')
      .map((id) => layout.states[id])
      .filter((box) => box !== undefined);
    if (scroller === null || svg === null || boxes.length === 0) return;
    if (scroller.scrollWidth <= scroller.clientWidth) return;
    const scale = svg.getBoundingClientRect().width / layout.width;
    const left = Math.min(...boxes.map((box) => box.x)) * scale;
    const right = Math.max(...boxes.map((box) => box.x + box.width)) * scale;
    if (left >= scroller.scrollLeft && right <= scroller.scrollLeft + scroller.clientWidth) return;
    scroller.scrollTo({ left: (left + right) / 2 - scroller.clientWidth / 2, behavior: 'smooth' });
  }, [activeKey, layout, wholeMachine]);
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (scroller === null) return;
    const observer = new ResizeObserver(() =>
      setTooWide(layout.width * smallestScale > scroller.clientWidth + 1),
    );
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [layout]);
  const active = new Set(props.activeStateIds);
  const taken = new Set(props.takenTransitionIds);
  const statesById = new Map(description.states.map((state) => [state.id, state]));
  const depthOf = (state: StateDescription): number => {
    const parent = state.parent === null ? undefined : statesById.get(state.parent);
    return parent === undefined ? 0 : depthOf(parent) + 1;
  };
  // Parents first, so a compound state's box lies under its children.
  const states = [...description.states].sort((a, b) => depthOf(a) - depthOf(b));
  // Drawn last, the transitions just taken lie over the others where lines cross.
  const transitionsTakenLast = [
    ...description.transitions.filter((transition) => !taken.has(transition.id)),
    ...description.transitions.filter((transition) => taken.has(transition.id)),
  ];
  const keyOf = (id: string) => statesById.get(id)?.key ?? id;
  const activeNames = description.states
    .filter((state) => active.has(state.id) && state.kind !== 'compound' && state.kind !== 'parallel')
    .map((state) => state.key);

  return (
    <div className="graph-frame">
      <div className="graph-legend">
        <span className="graph-legend-item">
          <span className="graph-legend-swatch graph-legend-current" /> current state
        </span>
        <span className="graph-legend-item">
          <span className="graph-legend-swatch graph-legend-taken" /> transition just taken
        </span>
        <span className="graph-legend-item">
          <span className="graph-legend-swatch graph-legend-delayed" /> delayed (◷ after …)
        </span>
        <span className="graph-legend-item">
          <span className="graph-legend-swatch graph-legend-initial" /> initial
        </span>
        {/* Hidden rather than left out while the drawing fits, so the graph does not move when it appears. */}
        <button
          type="button"
          className={`graph-zoom${tooWide || wholeMachine ? '' : ' graph-zoom-unneeded'}`}
          aria-pressed={wholeMachine}
          onClick={() => setWholeMachine(!wholeMachine)}
          title="Shrink the drawing to fit, or show it at a readable size and scroll"
        >
          Whole machine
        </button>
      </div>
      {/* A tab stop, so a keyboard can scroll a drawing wider than its frame with the arrow keys. */}
      <div
        className="graph-scroll"
        ref={scrollRef}
        tabIndex={0}
        role="region"
        aria-label={`Drawing of ${description.name}`}
      >
        <svg
          ref={svgRef}
          className="machine-graph"
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          style={{
            maxWidth: `${layout.width}px`,
            minWidth: wholeMachine ? undefined : `${Math.round(layout.width * smallestScale)}px`,
          }}
          role="img"
          aria-label={`${description.name}: ${description.states.length} states, ${description.transitions.length} transitions${
            activeNames.length > 0 ? `; now in ${activeNames.join(', ')}` : ''
          }`}
          data-machine={description.name}
        >
          <defs>
            {(['plain', 'taken'] as const).map((kind) => (
              <marker
                key={kind}
                id={`${markerPrefix}-${kind}`}
                className={`graph-arrowhead graph-arrowhead-${kind}`}
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                markerUnits="userSpaceOnUse"
                orient="auto-start-reverse"
              >
                <path d="M 0 0 L 10 5 L 0 10 z" />
              </marker>
            ))}
          </defs>
          {states.map((state) => (
            <StateShape key={state.id} state={state} drawing={props.drawing} active={active.has(state.id)} />
          ))}
          {transitionsTakenLast.map((transition) => (
            <TransitionShape
              key={transition.id}
              transition={transition}
              drawing={props.drawing}
              taken={taken.has(transition.id)}
              markerPrefix={markerPrefix}
              sourceKey={keyOf(transition.source)}
              targetKey={keyOf(transition.target)}
            />
          ))}
        </svg>
      </div>
    </div>
  );
}

function StateShape(props: { state: StateDescription; drawing: MachineDrawing; active: boolean }) {
  const { state, active } = props;
  const box = props.drawing.layout.states[state.id];
  if (box === undefined) return null;
  const container = state.kind === 'compound' || state.kind === 'parallel';
  const details = [
    `${state.key}${state.initial ? ' (initial)' : ''}${state.kind === 'final' ? ' (final)' : ''}`,
    state.entry.length > 0 ? `entry: ${state.entry.join(', ')}` : '',
    state.invoke.length > 0 ? `invokes: ${state.invoke.join(', ')}` : '',
  ].filter((line) => line !== '');
  const centerY = container ? box.y + 17 : box.y + box.height / 2;
  const initialMarkerX = box.x + 10;
  return (
    <g
      className={`graph-state graph-state-${state.kind}${active ? ' graph-state-active' : ''}`}
      data-state-id={state.id}
      data-active={active ? 'true' : 'false'}
    >
      <title>{details.join('\n')}</title>
      <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={container ? 6 : 10} />
      {state.kind === 'final' && (
        <rect
          className="graph-state-inner"
          x={box.x + 3}
          y={box.y + 3}
          width={box.width - 6}
          height={box.height - 6}
          rx={7}
        />
      )}
      {state.initial && (
        <circle className="graph-initial" cx={initialMarkerX} cy={centerY} r={3.5}>
          <title>{`${state.key} is where its ${state.parent === null ? 'machine' : 'parent'} starts`}</title>
        </circle>
      )}
      <text
        className="graph-state-name"
        x={container ? box.x + (state.initial ? 18 : 12) : box.x + box.width / 2}
        y={centerY}
        textAnchor={container ? 'start' : 'middle'}
        dominantBaseline="central"
      >
        {state.key}
      </text>
    </g>
  );
}

function TransitionShape(props: {
  transition: TransitionDescription;
  drawing: MachineDrawing;
  taken: boolean;
  markerPrefix: string;
  sourceKey: string;
  targetKey: string;
}) {
  const { transition, taken } = props;
  const route = props.drawing.layout.transitions[transition.id];
  if (route === undefined) return null;
  const delayed = transition.delay !== null;
  const details = [
    `${transition.label}: ${props.sourceKey} → ${transition.targetless ? `stays in ${props.targetKey}` : props.targetKey}`,
    transition.delay !== null
      ? `delay: ${transition.delay.name ?? 'written in place'}${transition.delay.ms === null ? ' (computed from the context)' : ` = ${transition.delay.ms} ms`}`
      : '',
    transition.guard !== null ? `guard: ${transition.guard}` : '',
    transition.actions.length > 0 ? `actions: ${transition.actions.join(', ')}` : '',
  ].filter((line) => line !== '');
  const { label } = route;
  return (
    <g
      className={`graph-transition${delayed ? ' graph-transition-delayed' : ''}${taken ? ' graph-transition-taken' : ''}`}
      data-transition-id={transition.id}
      data-taken={taken ? 'true' : 'false'}
    >
      <title>{details.join('\n')}</title>
      <polyline
        points={route.points.map((point) => `${point.x},${point.y}`).join(' ')}
        markerEnd={`url(#${props.markerPrefix}-${taken ? 'taken' : 'plain'})`}
      />
      <rect
        className="graph-label-background"
        x={label.x}
        y={label.y}
        width={label.width}
        height={label.height}
        rx={3}
      />
      <text className="graph-label" textAnchor="middle" dominantBaseline="central">
        {route.lines.map((line, index) => (
          <tspan
            key={index}
            x={label.x + label.width / 2}
            y={label.y + (label.height * (index + 0.5)) / route.lines.length}
          >
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}
