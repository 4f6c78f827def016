import type { RcCommand } from '@helio/contracts';
import { historyCsv } from './history-csv';

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
  it('writes one row a command, values as JSON, times as ISO', () => {
    expect(historyCsv([command, { ...command, id: 'c2', state: 'sent', confirmedAt: null, confirmMs: null }]).split('\r\n')).toEqual([
      'sentAt,user,source,key,from,to,state,confirmedAt,confirmMs',
      '2026-05-01T01:00:00.000Z,operator@helio.local,user,ForceCharge,"""off""","{""targetSoc"":80,""until"":""2026-05-01T05:00:00Z""}",confirmed,2026-05-01T01:00:00.150Z,150',
      '2026-05-01T01:00:00.000Z,operator@helio.local,user,ForceCharge,"""off""","{""targetSoc"":80,""until"":""2026-05-01T05:00:00Z""}",sent,,',
      '',
    ]);
  });
});
