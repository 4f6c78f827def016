// The new-plant dialog's rules: its fields as typed, their problems by the server's limits, and the
// plant/create request. No thing name: the server issues one with the plant.
import type { PlantCreateRequest, PlantSettings } from '@helio/shared-utils';
import { NEW_PLANT_DEFAULTS, settingProblems } from '@helio/contracts/limits';
import { parseNumber } from '../common/number-input';
import type { FieldProblem } from '../common/problem-text';

export const NEW_PLANT_FIELDS = [
  'name',
  'location',
  'address',
  'latitude',
  'longitude',
  'timezone',
  'pvPeakKw',
  'batteryKwh',
  'chargerKw',
] as const;
export type NewPlantField = (typeof NEW_PLANT_FIELDS)[number];
export type NewPlantDraft = Record<NewPlantField, string>;
export type NewPlantProblems = Partial<Record<NewPlantField, FieldProblem>>;

export const EMPTY_NEW_PLANT: NewPlantDraft = {
  name: '',
  location: '',
  address: '',
  latitude: '',
  longitude: '',
  timezone: NEW_PLANT_DEFAULTS.timezone,
  pvPeakKw: '',
  batteryKwh: '',
  chargerKw: '',
};

const NUMBER_FIELDS = ['latitude', 'longitude', 'pvPeakKw', 'batteryKwh', 'chargerKw'] as const;

function settingsOf(draft: NewPlantDraft): PlantSettings {
  return {
    // the rest of a plant's settings are set later, in its settings form
    ...NEW_PLANT_DEFAULTS,
    name: draft.name,
    location: draft.location,
    address: draft.address,
    timezone: draft.timezone,
    latitude: parseNumber(draft.latitude),
    longitude: parseNumber(draft.longitude),
    pvPeakKw: parseNumber(draft.pvPeakKw),
    batteryKwh: parseNumber(draft.batteryKwh),
    chargerKw: parseNumber(draft.chargerKw),
  };
}

export function newPlantProblems(draft: NewPlantDraft): NewPlantProblems {
  const all = settingProblems(settingsOf(draft));
  const problems: NewPlantProblems = {};
  for (const field of NEW_PLANT_FIELDS) {
    const problem = all[field];
    if (problem) problems[field] = problem;
  }
  for (const field of NUMBER_FIELDS) if (Number.isNaN(parseNumber(draft[field]))) problems[field] = { problem: 'number' };
  return problems;
}

/** Call only when newPlantProblems is empty: every required number is then there. */
export function createRequest(draft: NewPlantDraft): PlantCreateRequest {
  const s = settingsOf(draft);
  return {
    name: s.name.trim(),
    location: s.location.trim(),
    address: s.address.trim(),
    timezone: s.timezone.trim(),
    latitude: s.latitude ?? 0,
    longitude: s.longitude ?? 0,
    pvPeakKw: s.pvPeakKw ?? 0,
    batteryKwh: s.batteryKwh,
    chargerKw: s.chargerKw,
  };
}
