import { changesOf, draftOf, draftProblems, serverProblems, settingsOf, theirChanges } from './settings-draft';
import { plantDetail } from '../testing/fixtures';

describe('the settings draft', () => {
  it('shows numbers as text and empty for what is not set, and reads them back', () => {
    const draft = draftOf(plantDetail());
    expect(draft).toMatchObject({ pvPeakKw: '9.8', gridExportLimitKw: '', tariffCurrency: 'CZK', name: 'Brno – Rodinný dům' });
    expect(settingsOf({ ...draft, tiltDeg: '32,5', gridExportLimitKw: '' })).toMatchObject({ tiltDeg: 32.5, gridExportLimitKw: null });
    expect(draftProblems(draft)).toEqual({});
  });

  it('names each wrong field by the server’s limits', () => {
    const draft = {
      ...draftOf(plantDetail()),
      name: '  ',
      tiltDeg: '91',
      azimuthDeg: 'south',
      batteryMaxSocPct: '120',
      timezone: 'Mars/Base',
    };
    expect(draftProblems(draft)).toEqual({
      name: { problem: 'required' },
      tiltDeg: { problem: 'range', min: 0, max: 90 },
      azimuthDeg: { problem: 'number' },
      batteryMaxSocPct: { problem: 'range', min: 0, max: 100 },
      timezone: { problem: 'timezone' },
    });
    expect(draftProblems({ ...draftOf(plantDetail()), pvPeakKw: '' })).toEqual({ pvPeakKw: { problem: 'required' } });
  });

  it('sends only what the user changed', () => {
    const base = plantDetail();
    expect(changesOf(draftOf(base), base)).toEqual({});
    expect(changesOf({ ...draftOf(base), tiltDeg: '30', name: ' Brno – Rodinný dům ', gridExportLimitKw: '5' }, base)).toEqual({
      tiltDeg: 30,
      gridExportLimitKw: 5,
    });
    expect(changesOf({ ...draftOf(base), batteryKwh: '' }, base)).toEqual({ batteryKwh: null });
  });

  it('tells what someone else changed between two versions', () => {
    const base = plantDetail();
    expect(theirChanges(base, { ...base, version: 4, tiltDeg: 20, tariffName: 'D25d' })).toEqual(['tariffName', 'tiltDeg']);
  });

  it('keeps the server’s own per-field messages for settings fields only', () => {
    expect(serverProblems({ fields: { tiltDeg: { message: 'tiltDeg must be a number' }, colour: { message: 'x' } } })).toEqual({
      tiltDeg: { problem: 'server', message: 'tiltDeg must be a number' },
    });
    expect(serverProblems(undefined)).toEqual({});
  });
});
