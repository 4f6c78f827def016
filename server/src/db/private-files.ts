// The data directory and the SQLite database hold secrets (the token signing key, password hashes,
// gateway credentials): only the server's own user may read them, whatever the umask says.
import fs from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the directory (and missing parents) 0700; an existing one of ours loses group/other access. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const stat = fs.statSync(dir);
  const ours = typeof process.getuid !== 'function' || stat.uid === process.getuid();
  if (ours && (stat.mode & 0o077) !== 0) fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Creates the file empty 0600 if missing, and takes group/other access away from an existing one. */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/** The database file and its write-ahead log and shared-memory companions, when they exist. */
export function tightenSqliteFiles(file: string): void {
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    if (fs.existsSync(name)) ensurePrivateFile(name);
  }
}
