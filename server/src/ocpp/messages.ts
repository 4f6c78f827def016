// The OCPP 1.6J messages the central system handles and sends, as TypeScript types. The library
// (ocpp-rpc in strict mode) checks every inbound call and every answer against the specification's
// JSON schemas before our handlers see them; these types only name what the schemas already ensure.
export type ConnectorStatus =
  'Available' | 'Preparing' | 'Charging' | 'SuspendedEVSE' | 'SuspendedEV' | 'Finishing' | 'Reserved' | 'Unavailable' | 'Faulted';

export type AuthorizationStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx';

export interface IdTagInfo {
  status: AuthorizationStatus;
  expiryDate?: string;
  parentIdTag?: string;
}

export interface BootNotificationRequest {
  chargePointVendor: string;
  chargePointModel: string;
  chargePointSerialNumber?: string;
  chargeBoxSerialNumber?: string;
  firmwareVersion?: string;
  iccid?: string;
  imsi?: string;
  meterType?: string;
  meterSerialNumber?: string;
}

export interface StatusNotificationRequest {
  connectorId: number;
  errorCode: string;
  info?: string;
  status: ConnectorStatus;
  timestamp?: string;
  vendorId?: string;
  vendorErrorCode?: string;
}

export interface SampledValue {
  value: string;
  context?: string;
  format?: 'Raw' | 'SignedData';
  measurand?: string;
  phase?: string;
  location?: string;
  unit?: string;
}

export interface MeterValue {
  timestamp: string;
  sampledValue: SampledValue[];
}

export interface MeterValuesRequest {
  connectorId: number;
  transactionId?: number;
  meterValue: MeterValue[];
}

export interface StartTransactionRequest {
  connectorId: number;
  idTag: string;
  meterStart: number;
  reservationId?: number;
  timestamp: string;
}

export interface StopTransactionRequest {
  idTag?: string;
  meterStop: number;
  timestamp: string;
  transactionId: number;
  reason?: string;
  transactionData?: MeterValue[];
}

export interface ChargingSchedulePeriod {
  startPeriod: number;
  limit: number;
  numberPhases?: number;
}

export interface ChargingProfile {
  chargingProfileId: number;
  transactionId?: number;
  stackLevel: number;
  chargingProfilePurpose: 'ChargePointMaxProfile' | 'TxDefaultProfile' | 'TxProfile';
  chargingProfileKind: 'Absolute' | 'Recurring' | 'Relative';
  chargingSchedule: {
    chargingRateUnit: 'A' | 'W';
    chargingSchedulePeriod: ChargingSchedulePeriod[];
    duration?: number;
    startSchedule?: string;
    minChargingRate?: number;
  };
}

/** The calls the central system sends, with their payloads. */
export interface OutboundCalls {
  SetChargingProfile: { connectorId: number; csChargingProfiles: ChargingProfile };
  RemoteStartTransaction: { connectorId?: number; idTag: string; chargingProfile?: ChargingProfile };
  RemoteStopTransaction: { transactionId: number };
  TriggerMessage: {
    requestedMessage:
      | 'BootNotification'
      | 'DiagnosticsStatusNotification'
      | 'FirmwareStatusNotification'
      | 'Heartbeat'
      | 'MeterValues'
      | 'StatusNotification';
    connectorId?: number;
  };
  ChangeAvailability: { connectorId: number; type: 'Inoperative' | 'Operative' };
  Reset: { type: 'Hard' | 'Soft' };
  GetConfiguration: { key?: string[] };
  GetLocalListVersion: Record<string, never>;
  SendLocalList: LocalAuthorizationList;
}

/** A Local Authorization List as SendLocalList carries it (sent whole: updateType Full). */
export interface LocalAuthorizationList {
  listVersion: number;
  updateType: 'Full' | 'Differential';
  localAuthorizationList?: Array<{ idTag: string; idTagInfo?: IdTagInfo }>;
}

export type OutboundAction = keyof OutboundCalls;
export const OUTBOUND_ACTIONS: readonly OutboundAction[] = [
  'SetChargingProfile',
  'RemoteStartTransaction',
  'RemoteStopTransaction',
  'TriggerMessage',
  'ChangeAvailability',
  'Reset',
  'GetConfiguration',
  'GetLocalListVersion',
  'SendLocalList',
];
