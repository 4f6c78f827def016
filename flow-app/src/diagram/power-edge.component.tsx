// The live edge: a bezier curve, light grey while power flows and dark while idle, with an arrow in
// the direction of flow, a lime dot travelling along it every 2.5 s (opacity pulsing over 1.5 s;
// still when the user asks for reduced motion) and a label with the power and what it means.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps, type EdgeTypes } from '@xyflow/react';
import { formatPower } from '@helio/shared-utils';
import { ACCENT_COLOUR, type FlowEdge } from './diagram-model';
import { useDiagramLive } from './diagram-live';
import { StaleTag } from './stale-tag.component';
import { usePrefersReducedMotion } from './use-reduced-motion';

export const EDGE_ACTIVE_COLOUR = '#d3d8de';
export const EDGE_INACTIVE_COLOUR = '#404854';
export const ARROW_ACTIVE_ID = 'helio-flow-arrow-active';
export const ARROW_INACTIVE_ID = 'helio-flow-arrow-inactive';
const DOT_TRAVEL = '2.5s';
const DOT_PULSE = '1.5s';

/** Arrow heads for both edge states; `auto-start-reverse` turns the start marker to point backwards. */
export function PowerEdgeMarkers() {
  return (
    <svg className="helio-flow-markers" aria-hidden="true">
      <defs>
        {[
          [ARROW_ACTIVE_ID, EDGE_ACTIVE_COLOUR],
          [ARROW_INACTIVE_ID, EDGE_INACTIVE_COLOUR],
        ].map(([id, colour]) => (
          <marker key={id} id={id} viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={colour} />
          </marker>
        ))}
      </defs>
    </svg>
  );
}

export function PowerEdge(props: EdgeProps<FlowEdge>) {
  const { t } = useTranslation('flow-app');
  const { now } = useDiagramLive();
  const reducedMotion = usePrefersReducedMotion();
  const [path, labelX, labelY] = getBezierPath(props);
  const { data } = props;
  const active = data?.isActive ?? false;
  const flow = data?.flow;
  const reversed = flow?.reversed ?? false;
  const marker = `url(#${active ? ARROW_ACTIVE_ID : ARROW_INACTIVE_ID})`;
  const colour = active ? EDGE_ACTIVE_COLOUR : EDGE_INACTIVE_COLOUR;
  return (
    <>
      <BaseEdge
        id={props.id}
        path={path}
        style={{ strokeWidth: 2, ...props.style, stroke: props.selected ? ACCENT_COLOUR : colour }}
        markerEnd={data?.live && !reversed ? marker : undefined}
        markerStart={data?.live && reversed ? marker : undefined}
      />
      {active && !reducedMotion && (
        <circle r={4} fill={ACCENT_COLOUR} className="helio-flow-dot" data-testid={`flow-dot-${data?.live ?? props.id}`}>
          <animateMotion
            dur={DOT_TRAVEL}
            repeatCount="indefinite"
            path={path}
            keyPoints={reversed ? '1;0' : '0;1'}
            keyTimes="0;1"
            calcMode="linear"
          />
          <animate attributeName="opacity" values="1;0.25;1" dur={DOT_PULSE} repeatCount="indefinite" />
        </circle>
      )}
      {data?.live && flow && (
        <EdgeLabelRenderer>
          <div
            className={`helio-flow-edge-label nodrag nopan${active ? ' helio-flow-edge-label--active' : ''}`}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            data-testid={`edge-label-${data.live}`}
          >
            <span className="helio-flow-edge-label__value" data-testid={`edge-value-${data.live}`}>
              {flow.watts === null ? t('notReported') : formatPower(flow.watts)}
            </span>
            <span className="helio-flow-edge-label__meaning" data-testid={`edge-meaning-${data.live}`}>
              {t(`meaning.${flow.meaning}`)}
            </span>
            <StaleTag reportedAt={data.reportedAt} now={now} testId={`edge-stale-${data.live}`} />
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

export const FLOW_EDGE_TYPES: EdgeTypes = { power: PowerEdge };
