import type { RcCommand } from '@helio/contracts';
import { historyCsv, historyFileName } from './history-csv';

const command: RcCommand = {
  id: 'c1',
  plantId: 'p1',
  key: 'ForceCharge',
  from: 'off',
  to: { targetSoc: 80, until: '2026-05-01T05:00:00Z' },
  state: 'confirmed',
  source: 'user',
  userEmail: 'operator@helio.local',
  sentAt: '2026-05-01T01:00:00.000Z',
  confirmedAt: '2026-05-01T01:00:00.150Z',
  confirmMs: 150,
};

describe('the command history as CSV', () => {
  it('writes one row a command, values as JSON, times in the plant’s clock with its offset', () => {
    expect(
      historyCsv([command, { ...command, id: 'c2', state: 'sent', confirmedAt: null, confirmMs: null }], 'Europe/Prague').split('\r\n'),
    ).toEqual([
      'sentAt,user,source,key,from,to,state,confirmedAt,confirmMs',
      '2026-05-01T03:00:00+02:00,operator@helio.local,user,ForceCharge,"""off""","{""targetSoc"":80,""until"":""2026-05-01T05:00:00Z""}",confirmed,2026-05-01T03:00:00+02:00,150',
      '2026-05-01T03:00:00+02:00,operator@helio.local,user,ForceCharge,"""off""","{""targetSoc"":80,""until"":""2026-05-01T05:00:00Z""}",sent,,',
      '',
    ]);
  });

  it('is named by the plant-local days of the commands listed', () => {
    const late = { ...command, id: 'c3', sentAt: '2026-05-02T22:30:00.000Z' };
    expect(historyFileName([late, command], 'demo-brno-01', 'Europe/Prague')).toBe('commands_demo-brno-01_2026-05-01_2026-05-03.csv');
    expect(historyFileName([command], 'demo-brno-01', 'Europe/Prague')).toBe('commands_demo-brno-01_2026-05-01.csv');
  });
});
