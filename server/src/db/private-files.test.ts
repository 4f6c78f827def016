// The data directory and the SQLite files are readable by the server's user only, even under a
// permissive umask and when an older run left them world-readable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from './index';
import { migrateToLatest } from './migrations';
import { ensurePrivateDir } from './private-files';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('private data files', () => {
  let root: string;
  let umask: number;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-perm-'));
    umask = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umask);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('creates the data directory 0700 and tightens an existing one', () => {
    const fresh = path.join(root, 'fresh', 'data');
    ensurePrivateDir(fresh);
    expect(modeOf(fresh)).toBe(0o700);
    const open = path.join(root, 'open');
    fs.mkdirSync(open, { mode: 0o755 });
    fs.chmodSync(open, 0o755);
    ensurePrivateDir(open);
    expect(modeOf(open)).toBe(0o700);
  });

  it('creates the SQLite database (and its WAL files) 0600 in a new 0700 directory', async () => {
    const file = path.join(root, 'db-dir', 'helio.db');
    const db = await createDatabase(`sqlite://${file}`);
    try {
      await migrateToLatest(db);
      expect(modeOf(path.dirname(file))).toBe(0o700);
      for (const name of [file, `${file}-wal`, `${file}-shm`].filter((f) => fs.existsSync(f))) expect(modeOf(name)).toBe(0o600);
    } finally {
      await db.destroy();
    }
  });

  it('takes group and other access away from a database file an older run created 0644', async () => {
    const file = path.join(root, 'old.db');
    fs.writeFileSync(file, '');
    fs.chmodSync(file, 0o644);
    const db = await createDatabase(`sqlite://${file}`);
    await db.destroy();
    expect(modeOf(file)).toBe(0o600);
  });
});
