import { uploadHistory } from './history-upload';

describe('the history upload', () => {
  it('sends the file in pieces with their first lines and adds up what the server stored', async () => {
    const csv = ['time,key,value', ...Array.from({ length: 5 }, (_, i) => `2025-06-01T10:0${i}:00Z,BatSoc,${i}`)].join('\n');
    const sent: Array<{ csv: string; firstLine: number }> = [];
    const progress: string[] = [];
    const totals = await uploadHistory(
      csv,
      async (piece) => {
        sent.push(piece);
        return { received: piece.csv.split('\n').length - 1, inserted: 1, keys: ['BatSoc'], from: '', to: '' };
      },
      (done, total) => progress.push(`${done}/${total}`),
      2,
    );
    expect(sent.map((p) => p.firstLine)).toEqual([1, 3, 5]);
    expect(sent.every((p) => p.csv.startsWith('time,key,value\n'))).toBe(true);
    expect(progress).toEqual(['0/3', '1/3', '2/3', '3/3']);
    expect(totals).toEqual({ received: 5, inserted: 3 });
  });

  it('stops at the first piece the server refuses', async () => {
    const csv = 'time,key,value\n2025-06-01T10:00:00Z,BatSoc,1\n2025-06-01T10:01:00Z,BatSoc,2';
    const send = jest.fn().mockRejectedValueOnce(new Error('refused'));
    await expect(uploadHistory(csv, send, () => undefined, 1)).rejects.toThrow('refused');
    expect(send).toHaveBeenCalledTimes(1);
  });
});
