import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalStore } from './local-store';

describe('the gateway’s outbox', () => {
  const dirs: string[] = [];
  const open = (limits = { maxReports: 5, maxAgeMs: 60_000 }, now = () => 1_000_000) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-gw-store-'));
    dirs.push(dir);
    return { file: path.join(dir, 'gateway.db'), store: new LocalStore(path.join(dir, 'gateway.db'), limits, now) };
  };
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('gives reports back in the order they were made, until each is acknowledged, across a restart', () => {
    const { file, store } = open();
    for (let i = 1; i <= 3; i++) store.enqueue('t', `r${i}`, 1_000_000);
    const first = store.next(2);
    expect(first.map((e) => e.payload)).toEqual(['r1', 'r2']);
    expect(store.next(2, first[1]!.seq).map((e) => e.payload)).toEqual(['r3']);
    store.remove(first[0]!.seq);
    store.close();
    const again = new LocalStore(file, { maxReports: 5, maxAgeMs: 60_000 }, () => 1_000_000);
    expect(again.next(10).map((e) => e.payload)).toEqual(['r2', 'r3']);
    expect(again.depth()).toBe(2);
    again.close();
  });

  it('keeps at most maxReports, dropping the oldest and counting them', () => {
    const { store } = open();
    for (let i = 1; i <= 8; i++) store.enqueue('t', `r${i}`);
    expect(store.next(10).map((e) => e.payload)).toEqual(['r4', 'r5', 'r6', 'r7', 'r8']);
    expect(store.droppedCount).toBe(3);
    store.close();
  });

  it('drops reports older than maxAgeMs unsent', () => {
    let now = 1_000_000;
    const { store } = open({ maxReports: 100, maxAgeMs: 60_000 }, () => now);
    store.enqueue('t', 'old', now);
    now += 30_000;
    store.enqueue('t', 'newer', now);
    expect(store.oldestAt()).toBe(1_000_000);
    now += 40_000;
    expect(store.next(10).map((e) => e.payload)).toEqual(['newer']);
    expect(store.droppedCount).toBe(1);
    store.close();
  });

  it('keeps settings across a restart', () => {
    const { file, store } = open();
    store.setSetting('exportLimitW', '3000');
    store.close();
    const again = new LocalStore(file);
    expect(again.setting('exportLimitW')).toBe('3000');
    again.setSetting('exportLimitW', undefined);
    expect(again.setting('exportLimitW')).toBeUndefined();
    again.close();
  });
});
