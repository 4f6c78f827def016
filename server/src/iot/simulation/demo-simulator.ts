// The one seam where the server runs the device simulator in-process: the demo gateways of `npm start`
// (SIMULATOR=on) and the simulated history written for a plant without any. Everything else the server
// knows about devices (topics, payloads, metric keys, operating modes) comes from @helio/contracts;
// with SIMULATOR=off nothing here runs.
export {
  newPlantRun,
  plantHistory,
  resumeFromReported,
  startSimulator,
  type RunningSimulator,
  type SimPlantConfig,
  type SimChargePointConfig,
} from '@helio/device-simulator';
