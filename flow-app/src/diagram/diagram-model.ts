// The power-flow diagram as data: five nodes (PV, grid, core, charger, battery) with the node kinds
// and handles, the four live edges between them, and the connection rule.
// Pure, so the layout, the live values and the rules are unit-tested without a canvas.
import type { Connection, Edge, Node } from '@xyflow/react';
import type { Plant } from '@helio/shared-utils';
import { edgeFlow, EDGE_METRIC, type EdgeFlow, type FlowEdgeKey } from './edge-direction';
import type { Readings } from './readings';

export type FlowNodeKind = 'solarPanel' | 'house' | 'battery' | 'sharePoint' | 'charger' | 'placeholder';

interface HandleSet {
  sources: readonly string[];
  targets: readonly string[];
}

/** Handle ids per node kind: what may start and what may end a connection. */
export const NODE_HANDLES: Record<FlowNodeKind, HandleSet> = {
  solarPanel: { sources: ['core'], targets: [] },
  house: { sources: ['grid', 'charger', 'home'], targets: ['pv'] },
  battery: { sources: [], targets: ['core'] },
  sharePoint: { sources: [], targets: ['core'] },
  charger: { sources: [], targets: ['core'] },
  placeholder: { sources: ['left'], targets: ['right'] },
};

/** A diagram node: its data carries the id and the label (a flow-app translation key). */
export interface FlowNodeData extends Record<string, unknown> {
  id: string;
  label: string;
  /** placeholder nodes: the translation key of their sample text */
  text?: string;
}

export type FlowNode = Node<FlowNodeData, FlowNodeKind>;

/** A diagram edge: its data has the isActive flag, plus the live flow it shows. */
export interface FlowEdgeData extends Record<string, unknown> {
  isActive: boolean;
  /** live edges only: which reading the edge shows */
  live?: FlowEdgeKey;
  flow?: EdgeFlow;
  /** epoch ms of the edge's metric report; null when never reported */
  reportedAt?: number | null;
}

export type FlowEdge = Edge<FlowEdgeData, 'power'>;

export const ACCENT_COLOUR = '#8fd14f';

const node = (id: string, type: FlowNodeKind, [x, y]: readonly [number, number], extra: Partial<FlowNodeData> = {}): FlowNode => ({
  id,
  type,
  position: { x, y },
  data: { id, label: `nodes.${id}`, ...extra },
  draggable: true,
  deletable: false,
});

/**
 * Where each node sits: three columns side by side (grid, house, devices; ~820 px wide), or, on a
 * narrow screen, two columns stacked around the house (~470 px wide), so that fitting it into a phone's
 * canvas (~330 px) stays within the zoom range (0.5 at least) and no node is cut off.
 */
const POSITIONS = {
  wide: { pv: [300, 0], grid: [0, 230], core: [300, 220], charger: [620, 110], battery: [620, 350] },
  narrow: { pv: [0, 0], charger: [270, 0], core: [130, 190], grid: [0, 380], battery: [270, 380] },
} as const satisfies Record<string, Record<string, readonly [number, number]>>;

export type DiagramLayout = keyof typeof POSITIONS;

/** The devices the plant has; a missing battery or charger keeps its place as a placeholder note. */
export function diagramNodes(plant: Pick<Plant, 'batteryKwh' | 'chargerKw'>, layout: DiagramLayout = 'wide'): FlowNode[] {
  const hasBattery = plant.batteryKwh !== null && plant.batteryKwh > 0;
  const hasCharger = plant.chargerKw !== null && plant.chargerKw > 0;
  const at = POSITIONS[layout];
  return [
    node('pv', 'solarPanel', at.pv),
    node('grid', 'sharePoint', at.grid),
    node('core', 'house', at.core),
    hasCharger ? node('charger', 'charger', at.charger) : node('charger', 'placeholder', at.charger, { text: 'nodes.noCharger' }),
    hasBattery ? node('battery', 'battery', at.battery) : node('battery', 'placeholder', at.battery, { text: 'nodes.noBattery' }),
  ];
}

const edge = (live: FlowEdgeKey, source: string, sourceHandle: string, target: string, targetHandle: string): FlowEdge => ({
  id: `edge-${live}`,
  type: 'power',
  source,
  sourceHandle,
  target,
  targetHandle,
  deletable: false,
  data: { isActive: false, live },
  style: { strokeWidth: 2 },
});

/** The live edges: PV → core, core → grid, core → charger, core (home) → battery; none to a placeholder. */
export function diagramEdges(nodes: readonly FlowNode[]): FlowEdge[] {
  const isDevice = (id: string) => nodes.some((n) => n.id === id && n.type !== 'placeholder');
  const edges: FlowEdge[] = [edge('pv', 'pv', 'core', 'core', 'pv'), edge('grid', 'core', 'grid', 'grid', 'core')];
  if (isDevice('charger')) edges.push(edge('charger', 'core', 'charger', 'charger', 'core'));
  if (isDevice('battery')) edges.push(edge('battery', 'core', 'home', 'battery', 'core'));
  return edges;
}

/** The edges with the current readings: value, direction, active flag. User-drawn edges stay as they are. */
export function withReadings(edges: readonly FlowEdge[], readings: Readings): FlowEdge[] {
  return edges.map((e) => {
    const live = e.data?.live;
    if (!live) return e;
    const metric = EDGE_METRIC[live];
    const flow = edgeFlow(live, readings.values[metric] ?? null);
    const unchanged =
      e.data?.flow?.watts === flow.watts &&
      e.data?.flow?.reversed === flow.reversed &&
      e.data?.flow?.meaning === flow.meaning &&
      e.data?.reportedAt === (readings.reportedAt[metric] ?? null);
    if (unchanged) return e;
    return {
      ...e,
      animated: flow.active,
      // the dashes of an animated edge run source → target; a reversed flow runs them backwards
      className: flow.reversed ? 'helio-flow-edge--reversed' : undefined,
      data: { ...e.data, isActive: flow.active, live, flow, reportedAt: readings.reportedAt[metric] ?? null },
    };
  });
}

/**
 * A connection goes from a source handle to a target handle, never to the same handle of
 * the same node. `kindOf` answers a node's kind (undefined for an unknown node).
 */
export function isValidFlowConnection(
  connection: Pick<Connection, 'source' | 'target'> & { sourceHandle?: string | null; targetHandle?: string | null },
  kindOf: (nodeId: string) => FlowNodeKind | undefined,
): boolean {
  const { source, target, sourceHandle, targetHandle } = connection;
  if (!sourceHandle || !targetHandle) return false;
  if (source === target && sourceHandle === targetHandle) return false;
  const sourceKind = kindOf(source);
  const targetKind = kindOf(target);
  if (!sourceKind || !targetKind) return false;
  return NODE_HANDLES[sourceKind].sources.includes(sourceHandle) && NODE_HANDLES[targetKind].targets.includes(targetHandle);
}
