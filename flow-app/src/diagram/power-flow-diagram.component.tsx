// The power-flow diagram of one plant (used by /flow and /ems): the five nodes, live edges, and the
// pan, zoom, drag, select and connect of @xyflow/react with the product's limits.
import React, { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addEdge,
  Background,
  BackgroundVariant,
  Controls,
  MiniMap,
  ReactFlow,
  useEdgesState,
  useNodesState,
  type Connection,
  type IsValidConnection,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { Plant } from '@helio/shared-utils';
import {
  ACCENT_COLOUR,
  diagramEdges,
  diagramNodes,
  isValidFlowConnection,
  withReadings,
  type FlowEdge,
  type FlowNode,
} from './diagram-model';
import { DiagramLiveContext, type DiagramLive } from './diagram-live';
import { useNarrowScreen } from './use-narrow-screen';
import { FLOW_NODE_TYPES } from './flow-nodes.component';
import { FLOW_EDGE_TYPES, PowerEdgeMarkers } from './power-edge.component';
import type { Readings } from './readings';
import './power-flow-diagram.css';

/** Zoom at most 1.15 (the library's range is 0.5–2), no zoom on scroll. */
export const MAX_ZOOM = 1.15;
export const MIN_ZOOM = 0.5;
const FIT_VIEW_OPTIONS = { padding: 0.1, maxZoom: MAX_ZOOM };
const SNAP_GRID: [number, number] = [15, 15];

interface PowerFlowDiagramProps {
  plant: Plant;
  readings: Readings;
  now: number;
  /** a minimap suits the full-page diagram, not a card */
  showMiniMap?: boolean;
}

export function PowerFlowDiagram({ plant, readings, now, showMiniMap = false }: PowerFlowDiagramProps) {
  const { t } = useTranslation('flow-app');
  const narrow = useNarrowScreen();
  const layout = useMemo(() => {
    const nodes = diagramNodes(plant, narrow ? 'narrow' : 'wide');
    return { nodes, edges: diagramEdges(nodes) };
    // a new layout only when the plant (or its devices) or the screen's class changes, not on every plant-list refetch
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plant.id, plant.batteryKwh, plant.chargerKw, narrow]);
  const [nodes, setNodes, onNodesChange] = useNodesState<FlowNode>(layout.nodes);
  const [edges, setEdges, onEdgesChange] = useEdgesState<FlowEdge>(layout.edges);

  useEffect(() => {
    setNodes(layout.nodes);
    setEdges(layout.edges);
  }, [layout, setNodes, setEdges]);

  useEffect(() => {
    setEdges((current) => withReadings(current, readings));
  }, [readings, layout, setEdges]);

  const isValidConnection = useCallback<IsValidConnection<FlowEdge>>(
    (connection) => isValidFlowConnection(connection, (id) => nodes.find((n) => n.id === id)?.type),
    [nodes],
  );
  const onConnect = useCallback(
    (connection: Connection) =>
      setEdges((current) =>
        addEdge<FlowEdge>({ ...connection, type: 'power', data: { isActive: false }, style: { strokeWidth: 2 } }, current),
      ),
    [setEdges],
  );

  const live = useMemo<DiagramLive>(() => ({ plant, readings, now }), [plant, readings, now]);

  return (
    <DiagramLiveContext.Provider value={live}>
      <div className="helio-flow" data-testid="flow-diagram" aria-label={t('diagram.label', { plant: plant.name })} role="figure">
        <PowerEdgeMarkers />
        <ReactFlow<FlowNode, FlowEdge>
          nodes={nodes}
          edges={edges}
          nodeTypes={FLOW_NODE_TYPES}
          edgeTypes={FLOW_EDGE_TYPES}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          isValidConnection={isValidConnection}
          colorMode="dark"
          fitView
          fitViewOptions={FIT_VIEW_OPTIONS}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          zoomOnScroll={false}
          panOnScroll={false}
          snapToGrid={false}
          snapGrid={SNAP_GRID}
          connectionRadius={20}
          autoPanSpeed={15}
          deleteKeyCode="Backspace"
          selectionKeyCode="Shift"
          panActivationKeyCode="Space"
          proOptions={{ hideAttribution: true }}
        >
          <Background variant={BackgroundVariant.Dots} gap={20} size={1} color="#394048" />
          {/* a row on a phone: a column would cover the bottom row of nodes */}
          <Controls fitViewOptions={FIT_VIEW_OPTIONS} showInteractive={false} orientation={narrow ? 'horizontal' : 'vertical'} />
          {showMiniMap && !narrow && (
            <MiniMap
              position="top-right"
              style={{ width: 200, height: 150 }}
              nodeColor="#383e47"
              maskColor="rgba(17, 20, 24, 0.6)"
              nodeStrokeColor={ACCENT_COLOUR}
              pannable
              zoomable
            />
          )}
        </ReactFlow>
      </div>
    </DiagramLiveContext.Provider>
  );
}
