// @helio/device-simulator: simulated plant gateways speaking MQTT, and the pure plant model behind them.
export { startSimulator, type SimulatorOptions, type RunningSimulator } from './simulator';
export { SimChargePoint, type SimChargePointConfig } from './ocpp-charge-point';
export { simClock, type SimLogger, type SimClock } from './gateway';
export { advancePlant, newPlantRun, plantHistory, MAX_STEP_MS, type PlantRun, type HistoryReport } from './history';
export {
  initialPlantState,
  stepPlant,
  type SimPlantConfig,
  type PlantState,
  type PlantReading,
  type PlantResume,
  type EnergyCounters,
} from './model/plant';
export {
  METRIC_KEYS,
  INVERTER_STATES,
  GRID_STATUSES,
  toReported,
  resumeFromReported,
  isOperMode,
  type ReportedState,
} from './model/reported';
export {
  controlCharger,
  ampsFor,
  wattsFor,
  DEFAULT_CHARGER_SETTINGS,
  DEFAULT_CHARGER_TIMING,
  type ChargerSettings,
  type ChargerTiming,
} from './model/charger-control';
export { parseSimEv, type SimEvCommand } from './model/sim-ev';
export { NO_FAULTS, parseFaults, type SimFaults } from './model/faults';
export { OPER_MODES, SOC_MIN_PCT, SOC_MAX_PCT, type OperMode } from './model/battery';
export { clearSkyFactor } from './model/solar';
export { seededRandom, hashSeed, type Random } from './random';
export {
  TOPIC_ROOT,
  reportedTopic,
  deltaTopic,
  simFaultsTopic,
  simEvTopic,
  ALL_REPORTED_TOPICS,
  statusTopic,
  ALL_STATUS_TOPICS,
  thingNameOfStatusTopic,
  thingNameOfReportedTopic,
  TOPIC_THING_NAME_PATTERN,
} from '@helio/contracts';
