import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk.bundled.js';
import type {
  Box,
  MachineDescription,
  MachineLayout,
  StateDescription,
  TransitionDescription,
} from './machineDescription.ts';

// Text is measured by an estimate, not a font: the UI draws labels in a 12–13 px sans-serif, and a
// box slightly too wide reads better than one too narrow.
const stateCharacterWidth = 8;
const labelCharacterWidth = 6.6;
const stateHeight = 40;
const labelHeight = 16;
const compoundHeaderHeight = 30;

const layoutOptions: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.spacing.nodeNodeBetweenLayers': '56',
  'elk.spacing.nodeNode': '36',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.edgeEdge': '14',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  // States flow down in the order the machine defines them (initial first), and the edges that run
  // against that order are the ones drawn going back up.
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.padding': '[top=20,left=20,bottom=20,right=20]',
  // Every coordinate in the answer is relative to the drawing, whichever box holds the shape or edge.
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
};

/**
 * Lays a machine out for drawing: states as boxes (compound states around their children) and
 * transitions as orthogonal polylines with a box for their label, all in one coordinate space.
 * ELK's layered algorithm does the work; it runs once per machine and the answer is kept.
 */
export async function layOutMachine(description: MachineDescription): Promise<MachineLayout> {
  const childrenOf = (parent: string | null): StateDescription[] =>
    description.states.filter((state) => state.parent === parent);
  const node = (state: StateDescription): ElkNode => {
    const children = childrenOf(state.id).map(node);
    const width = Math.max(96, state.key.length * stateCharacterWidth + 32);
    return children.length === 0
      ? { id: state.id, width, height: stateHeight }
      : {
          id: state.id,
          children,
          layoutOptions: {
            'elk.padding': `[top=${compoundHeaderHeight},left=16,bottom=16,right=16]`,
            'elk.nodeSize.minimum': `(${width}, ${stateHeight})`,
          },
        };
  };
  const edges: ElkExtendedEdge[] = description.transitions.map((transition) => ({
    id: transition.id,
    sources: [transition.source],
    targets: [transition.target],
    labels: [label(transition.id, transitionLines(transition))],
  }));
  const graph: ElkNode = {
    id: description.name,
    layoutOptions,
    children: childrenOf(null).map(node),
    edges,
  };

  const labelLines = new Map(
    description.transitions.map((transition) => [transition.id, transitionLines(transition)]),
  );
  const laidOut = await (await loadElk()).layout(graph);
  const states: Record<string, Box> = {};
  const collect = (elkNode: ElkNode) => {
    for (const child of elkNode.children ?? []) {
      states[child.id] = box(child);
      collect(child);
    }
  };
  collect(laidOut);
  const transitions: MachineLayout['transitions'] = {};
  const gather = (elkNode: ElkNode) => {
    for (const edge of elkNode.edges ?? []) {
      const section = edge.sections?.[0];
      const edgeLabel = edge.labels?.[0];
      if (section === undefined || edgeLabel === undefined) {
        throw new Error(`layout: ELK gave no route for transition ${edge.id} of ${description.name}`);
      }
      transitions[edge.id] = {
        points: [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(({ x, y }) => ({
          x: round(x),
          y: round(y),
        })),
        label: box(edgeLabel),
        lines: labelLines.get(edge.id) ?? [],
      };
    }
    for (const child of elkNode.children ?? []) gather(child);
  };
  gather(laidOut);
  return { width: round(laidOut.width ?? 0), height: round(laidOut.height ?? 0), states, transitions };
}

/**
 * The text drawn on a transition: its event (a delay marked with a clock), and its guard on a
 * line of its own, which keeps long guarded labels from widening the whole drawing.
 */
function transitionLines(transition: TransitionDescription): string[] {
  const event = transition.delay === null ? transition.label : `◷ ${transition.label}`;
  return transition.guard === null ? [event] : [event, `[${transition.guard}]`];
}

function label(id: string, lines: string[]): ElkLabel {
  const longest = Math.max(...lines.map((line) => line.length));
  return {
    id: `${id}:label`,
    text: lines.join('\n'),
    width: Math.ceil(longest * labelCharacterWidth) + 8,
    height: labelHeight * lines.length,
  };
}

function box(shape: { x?: number; y?: number; width?: number; height?: number }): Box {
  return {
    x: round(shape.x ?? 0),
    y: round(shape.y ?? 0),
    width: round(shape.width ?? 0),
    height: round(shape.height ?? 0),
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * ELK is 1.6 MB of JavaScript, 0.15 s to load: it is loaded when a drawing is first asked for, so
 * the service and every CLI command start without it.
 */
async function loadElk() {
  const { default: elkModule } = await import('elkjs/lib/elk.bundled.js');
  // elkjs is CommonJS: Node hands over `module.exports`, the constructor itself, while its type
  // declarations describe an ES module whose default export is that constructor.
  const ELK = elkModule as unknown as typeof elkModule.default;
  return new ELK();
}
