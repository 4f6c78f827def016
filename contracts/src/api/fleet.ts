// plant/fleet/summary: the fleet dashboard's figures for the caller's tenant.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint, NoBody, Nullable, StringEnum, type EndpointTypes } from './common';

export const GATEWAY_STATUSES = ['online', 'offline'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

/** A plant the fleet dashboard lists as needing attention: offline or with open alerts. */
export const AttentionPlant = Type.Object({
  id: Type.String(),
  name: Type.String(),
  thingName: Type.String(),
  status: StringEnum(GATEWAY_STATUSES),
  lastSeen: Nullable(Type.String()),
  criticalAlerts: Type.Integer(),
  warningAlerts: Type.Integer(),
});
export type AttentionPlant = Static<typeof AttentionPlant>;

export const FleetSummary = Type.Object({
  plants: Type.Integer(),
  online: Type.Integer(),
  offline: Type.Integer(),
  withOpenAlerts: Type.Integer(),
  pvPeakKw: Type.Number(),
  batteryKwh: Type.Number(),
  /** Sum of each plant's production since the start of its own day. */
  todayEnergyKwh: Type.Number(),
  /** Most severe first, at most 10. */
  attention: Type.Array(AttentionPlant),
  attentionTotal: Type.Integer(),
});
export type FleetSummary = Static<typeof FleetSummary>;

export const fleetEndpoints = {
  'plant/fleet/summary': endpoint(NoBody, FleetSummary),
};
export type FleetEndpoints = EndpointTypes<typeof fleetEndpoints>;
