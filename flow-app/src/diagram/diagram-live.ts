// What the diagram's nodes and edges read while they render: the latest readings, the plant and the
// clock for staleness. A context, so a new reading does not rebuild the node and edge arrays.
import { createContext, useContext } from 'react';
import type { Plant } from '@helio/shared-utils';
import type { Readings } from './readings';

export interface DiagramLive {
  plant: Plant;
  readings: Readings;
  /** epoch ms, ticking so that values turn stale without new data */
  now: number;
}

export const DiagramLiveContext = createContext<DiagramLive | null>(null);

export function useDiagramLive(): DiagramLive {
  const live = useContext(DiagramLiveContext);
  if (!live) throw new Error('useDiagramLive outside a PowerFlowDiagram');
  return live;
}
