// The node kinds with their handles (10px, lime green): solar panel, house (the core),
// share point (the grid connection), charger, battery and a placeholder note.
import React, { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react';
import { Icon } from '@blueprintjs/core';
import { formatNumber, formatPower } from '@helio/shared-utils';
import type { FlowNode } from './diagram-model';
import { useDiagramLive } from './diagram-live';
import { StaleTag } from './stale-tag.component';
import { BatteryIcon, SolarPanelIcon } from './device-icons';

type FlowNodeProps = NodeProps<FlowNode>;

function NodeCard({ props, icon, detail, children }: { props: FlowNodeProps; icon: ReactNode; detail?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation('flow-app');
  return (
    <div
      className={`helio-flow-node helio-flow-node--${props.type}${props.selected ? ' helio-flow-node--selected' : ''}`}
      data-testid={`flow-node-${props.id}`}
    >
      <span className="helio-flow-node__icon">{icon}</span>
      <span className="helio-flow-node__text">
        <span className="helio-flow-node__label">{t(props.data.label)}</span>
        {detail && <span className="helio-flow-node__detail">{detail}</span>}
      </span>
      {children}
    </div>
  );
}

// A handle is a plain element without a role, where an aria-label is not allowed: its name is its title.
function HandleTo({
  type,
  position,
  id,
  label,
  style,
}: {
  type: 'source' | 'target';
  position: Position;
  id: string;
  label: string;
  style?: React.CSSProperties;
}) {
  return <Handle type={type} position={position} id={id} title={label} className="helio-flow-handle" style={style} />;
}

function useHandleLabel() {
  const { t } = useTranslation('flow-app');
  return (id: string) => t(`handles.${id}`);
}

export function SolarPanelNode(props: FlowNodeProps) {
  const { plant } = useDiagramLive();
  const label = useHandleLabel();
  const peak = `${formatNumber(plant.pvPeakKw, { maximumFractionDigits: 1 })}\u00a0kWp`;
  return (
    <NodeCard props={props} icon={<SolarPanelIcon />} detail={peak}>
      <HandleTo type="source" position={Position.Bottom} id="core" label={label('core')} />
    </NodeCard>
  );
}

export function HouseNode(props: FlowNodeProps) {
  const { t } = useTranslation('flow-app');
  const { readings, now } = useDiagramLive();
  const label = useHandleLabel();
  const load = readings.values.ActPwrLoad;
  const detail = (
    <>
      {t('nodes.houseLoad')} <strong data-testid="flow-house-load">{load === undefined ? t('notReported') : formatPower(load)}</strong>
      <StaleTag reportedAt={readings.reportedAt.ActPwrLoad} now={now} testId="flow-house-stale" />
    </>
  );
  return (
    <NodeCard props={props} icon={<Icon icon="home" size={20} />} detail={detail}>
      <HandleTo type="target" position={Position.Top} id="pv" label={label('pv')} />
      <HandleTo type="source" position={Position.Left} id="grid" label={label('grid')} />
      <HandleTo type="source" position={Position.Right} id="charger" label={label('charger')} style={{ top: '30%' }} />
      <HandleTo type="source" position={Position.Right} id="home" label={label('home')} style={{ top: '70%' }} />
    </NodeCard>
  );
}

export function SharePointNode(props: FlowNodeProps) {
  const { t } = useTranslation('flow-app');
  const label = useHandleLabel();
  return (
    <NodeCard props={props} icon={<Icon icon="high-voltage-pole" size={20} />} detail={t('nodes.gridDetail')}>
      <HandleTo type="target" position={Position.Right} id="core" label={label('core')} />
    </NodeCard>
  );
}

export function ChargerNode(props: FlowNodeProps) {
  const { plant } = useDiagramLive();
  const label = useHandleLabel();
  const rated = plant.chargerKw ? `${formatNumber(plant.chargerKw, { maximumFractionDigits: 1 })}\u00a0kW` : undefined;
  return (
    <NodeCard props={props} icon={<Icon icon="drive-time" size={20} />} detail={rated}>
      <HandleTo type="target" position={Position.Left} id="core" label={label('core')} />
    </NodeCard>
  );
}

export function BatteryNode(props: FlowNodeProps) {
  const { t } = useTranslation('flow-app');
  const { readings, plant } = useDiagramLive();
  const label = useHandleLabel();
  const soc = readings.values.BatSoc;
  const detail = (
    <>
      {soc === undefined
        ? t('notReported')
        : t('nodes.batterySoc', { value: formatNumber(soc / 100, { style: 'percent', maximumFractionDigits: 0 }) })}
      {plant.batteryKwh ? ` · ${formatNumber(plant.batteryKwh, { maximumFractionDigits: 1 })}\u00a0kWh` : ''}
    </>
  );
  return (
    <NodeCard props={props} icon={<BatteryIcon />} detail={detail}>
      <HandleTo type="target" position={Position.Left} id="core" label={label('core')} />
    </NodeCard>
  );
}

/** A note in the local language, e.g. in the slot of a device the plant does not have. */
export function PlaceholderNode(props: FlowNodeProps) {
  const { t } = useTranslation('flow-app');
  const label = useHandleLabel();
  return (
    <div
      className={`helio-flow-node helio-flow-node--placeholder${props.selected ? ' helio-flow-node--selected' : ''}`}
      data-testid={`flow-node-${props.id}`}
    >
      <span className="helio-flow-node__label">{t(props.data.label)}</span>
      <span className="helio-flow-node__detail">{t(props.data.text ?? 'nodes.placeholderText')}</span>
      <HandleTo type="target" position={Position.Right} id="right" label={label('right')} />
      <HandleTo type="source" position={Position.Left} id="left" label={label('left')} />
    </div>
  );
}

export const FLOW_NODE_TYPES: NodeTypes = {
  solarPanel: SolarPanelNode,
  house: HouseNode,
  sharePoint: SharePointNode,
  charger: ChargerNode,
  battery: BatteryNode,
  placeholder: PlaceholderNode,
};
