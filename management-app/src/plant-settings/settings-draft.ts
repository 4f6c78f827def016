// The settings form's rules: a draft (what the inputs hold, as text) from a plant, its problems by the
// server's limits, what changed against the version it was loaded from, and what someone else changed.
import type { PlantDetail, PlantSettings } from '@helio/shared-utils';
import { NUMBER_LIMITS, SETTING_FIELDS, TEXT_LIMITS, settingProblems, type NumberField } from '@helio/contracts/limits';
import { numberText, parseNumber } from '../common/number-input';
import type { FieldProblem } from '../common/problem-text';

export type SettingField = keyof PlantSettings;
export type SettingsDraft = Record<SettingField, string>;
export type DraftProblems = Partial<Record<SettingField, FieldProblem>>;

const NUMBER_FIELDS = Object.keys(NUMBER_LIMITS) as NumberField[];
const isNumberField = (field: SettingField): field is NumberField => (NUMBER_FIELDS as string[]).includes(field);

export function draftOf(plant: PlantDetail): SettingsDraft {
  const draft = {} as SettingsDraft;
  for (const field of SETTING_FIELDS) {
    const value = plant[field];
    draft[field] = typeof value === 'number' || value === null ? numberText(value) : value;
  }
  return draft;
}

/** The settings a draft stands for; a number field that holds no number becomes NaN (a range problem). */
export function settingsOf(draft: SettingsDraft): PlantSettings {
  const settings: Record<string, unknown> = {};
  for (const field of SETTING_FIELDS) settings[field] = isNumberField(field) ? parseNumber(draft[field]) : draft[field];
  return settings as unknown as PlantSettings;
}

export function draftProblems(draft: SettingsDraft): DraftProblems {
  const problems: DraftProblems = { ...settingProblems(settingsOf(draft)) };
  for (const field of NUMBER_FIELDS) {
    if (Number.isNaN(parseNumber(draft[field]))) problems[field] = { problem: 'number' };
  }
  return problems;
}

const same = (a: unknown, b: unknown) => a === b || (typeof a === 'string' && typeof b === 'string' && a.trim() === b.trim());

/** The fields the user changed against the version the form was loaded from: the update's payload. */
export function changesOf(draft: SettingsDraft, base: PlantDetail): Partial<PlantSettings> {
  const settings = settingsOf(draft);
  const changes: Record<string, unknown> = {};
  for (const field of SETTING_FIELDS) if (!same(settings[field], base[field])) changes[field] = settings[field];
  return changes as Partial<PlantSettings>;
}

/** The fields someone else changed between the version the form was loaded from and theirs. */
export function theirChanges(base: PlantDetail, theirs: PlantDetail): SettingField[] {
  return SETTING_FIELDS.filter((field) => !same(base[field], theirs[field]));
}

/** Problems the server named (details.fields) that are not already shown, e.g. a schema refusal. */
export function serverProblems(details: unknown): DraftProblems {
  const fields = (details as { fields?: Record<string, { message?: string }> } | undefined)?.fields ?? {};
  const problems: DraftProblems = {};
  for (const [field, problem] of Object.entries(fields)) {
    if (field in TEXT_LIMITS || field in NUMBER_LIMITS || field === 'tariffCurrency') {
      problems[field as SettingField] = { problem: 'server', message: problem.message ?? '' };
    }
  }
  return problems;
}
