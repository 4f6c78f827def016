// The notification centre's filters, kept in the URL (?plant=&severity=&state=&read=) so a reload or a
// shared link shows the same list. Pure.
import { SEVERITIES, type AlertFilter, type Severity } from '../api/notifications-api';

export type StateChoice = 'all' | 'open' | 'closed';
export type ReadChoice = 'all' | 'unread' | 'read';

export interface FilterChoices {
  plant: string; // '' = every plant
  severity: Severity | 'all';
  state: StateChoice;
  read: ReadChoice;
}

export const NO_FILTER: FilterChoices = { plant: '', severity: 'all', state: 'all', read: 'all' };

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

export function choicesFromParams(params: URLSearchParams): FilterChoices {
  return {
    plant: params.get('plant') ?? '',
    severity: oneOf(params.get('severity'), ['all', ...SEVERITIES], 'all'),
    state: oneOf(params.get('state'), ['all', 'open', 'closed'], 'all'),
    read: oneOf(params.get('read'), ['all', 'unread', 'read'], 'all'),
  };
}

/** Only the choices that narrow the list go into the URL. */
export function paramsFromChoices(choices: FilterChoices): URLSearchParams {
  const params = new URLSearchParams();
  if (choices.plant) params.set('plant', choices.plant);
  if (choices.severity !== 'all') params.set('severity', choices.severity);
  if (choices.state !== 'all') params.set('state', choices.state);
  if (choices.read !== 'all') params.set('read', choices.read);
  return params;
}

/** The request body of notifications/alerts/list for the choices. */
export function alertFilterOf(choices: FilterChoices): AlertFilter {
  const filter: AlertFilter = {};
  if (choices.plant) filter.plantId = choices.plant;
  if (choices.severity !== 'all') filter.severity = choices.severity;
  if (choices.state !== 'all') filter.state = choices.state;
  if (choices.read !== 'all') filter.read = choices.read === 'read';
  return filter;
}
