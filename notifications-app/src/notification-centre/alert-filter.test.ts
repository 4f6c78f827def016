import { alertFilterOf, choicesFromParams, NO_FILTER, paramsFromChoices } from './alert-filter';

describe('the notification centre filters', () => {
  it('show everything without parameters, and ignore values they do not know', () => {
    expect(choicesFromParams(new URLSearchParams(''))).toEqual(NO_FILTER);
    expect(choicesFromParams(new URLSearchParams('severity=fatal&state=maybe&read=x'))).toEqual(NO_FILTER);
  });

  it('round-trip through the URL', () => {
    const choices = { plant: 'plant-1', severity: 'critical', state: 'open', read: 'unread' } as const;
    expect(paramsFromChoices(choices).toString()).toBe('plant=plant-1&severity=critical&state=open&read=unread');
    expect(choicesFromParams(paramsFromChoices(choices))).toEqual(choices);
    expect(paramsFromChoices(NO_FILTER).toString()).toBe('');
  });

  it('become the list request with only the narrowing fields', () => {
    expect(alertFilterOf(NO_FILTER)).toEqual({});
    expect(alertFilterOf({ plant: 'p', severity: 'warning', state: 'closed', read: 'read' })).toEqual({
      plantId: 'p',
      severity: 'warning',
      state: 'closed',
      read: true,
    });
    expect(alertFilterOf({ ...NO_FILTER, read: 'unread' })).toEqual({ read: false });
  });
});
