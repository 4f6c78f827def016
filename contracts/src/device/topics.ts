// MQTT topics between a plant gateway and the server, one place for the server, the simulator and real gateways.
// Device → server (QoS 1, not retained): {"state":{"reported":{…}},"timestamp":<epoch ms>}
// Server → device (QoS 1, retained): {"state":{…delta…},"version":n,"timestamp":<epoch ms>};
// an empty retained payload clears it once the device has caught up.
export const TOPIC_ROOT = 'helio/things';

export const reportedTopic = (thingName: string): string => `${TOPIC_ROOT}/${thingName}/shadow/reported`;
export const deltaTopic = (thingName: string): string => `${TOPIC_ROOT}/${thingName}/shadow/delta`;

/**
 * Connection state of a gateway, retained: `{"online":true,"since":<epoch ms>}` when it connects and,
 * as its last will (or on an orderly stop), `{"online":false}`.
 */
export const statusTopic = (thingName: string): string => `${TOPIC_ROOT}/${thingName}/status`;
export const ALL_STATUS_TOPICS = `${TOPIC_ROOT}/+/status`;

/** The thing name in a status topic, or undefined when the topic is not one. */
export function thingNameOfStatusTopic(topic: string): string | undefined {
  const parts = topic.split('/');
  if (parts.length !== 4 || `${parts[0]}/${parts[1]}` !== TOPIC_ROOT || parts[3] !== 'status' || parts[2] === '') return undefined;
  return parts[2];
}

/**
 * Fault injection for simulated gateways only (demos, tests), retained:
 * `{"inverterFault":true,"gridOutage":false}` sets the plant's faults, an empty payload clears them.
 * Only the server's own broker login may publish it; a gateway may only read its own.
 */
export const simFaultsTopic = (thingName: string): string => `${TOPIC_ROOT}/${thingName}/sim/faults`;

/**
 * EV test control for simulated gateways only (demos, journeys), not retained:
 * `{"car":{"batteryKwh":60,"socPct":20,"limitPct":80},"sunW":9000,"loadW":500}` plugs a car in
 * (`"car":null` unplugs it) and pins the sun and the house load (null: the model decides again);
 * `"timing":{"startHoldMs","stopDelayMs","phaseSwitchDelayMs"}` shortens the charger's delays.
 * Every key may be left out. Like the fault topic, only the server's own login may publish it.
 */
export const simEvTopic = (thingName: string): string => `${TOPIC_ROOT}/${thingName}/sim/ev`;

/** Subscription filter for every gateway's reports. */
export const ALL_REPORTED_TOPICS = `${TOPIC_ROOT}/+/shadow/reported`;

/** The thing name in a reported topic, or undefined when the topic is not one. */
export function thingNameOfReportedTopic(topic: string): string | undefined {
  const parts = topic.split('/');
  if (parts.length !== 5 || `${parts[0]}/${parts[1]}` !== TOPIC_ROOT) return undefined;
  if (parts[3] !== 'shadow' || parts[4] !== 'reported' || parts[2] === '') return undefined;
  return parts[2];
}

/** MQTT topic levels must not contain wildcards or separators, so thing names are restricted. */
export const TOPIC_THING_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
