// The server reads its environment once: server/src/config.ts's loadConfig, called at the start of a
// command (main.ts, a command-line tool's main()), and the values are passed down from there. So:
// - `process.env` appears in server/src only in config.ts; tests and server/src/testing may (they
//   set up child servers and read test settings such as PG_TEST_URL);
// - loadConfig is called only by a command's entry file (one that runs its main()) and by tests.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const serverSrc = path.join(root, 'server', 'src');
const CONFIG = path.join(serverSrc, 'config.ts');

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const isTestSupport = (file) => /\.test\.tsx?$/.test(file) || file.startsWith(path.join(serverSrc, 'testing') + path.sep);
const rel = (file) => path.relative(root, file);

/** Lines of `text` that read the environment. */
const envReads = (text) => text.split('\n').filter((line) => /\bprocess\s*\.\s*env\b|\bprocess\s*\[\s*['"]env['"]\s*\]/.test(line));
/** A command's entry file runs its main() at the top level. */
const isEntry = (text) => /^(void main\(\)|main\(\)\.catch|if \(require\.main === module\) void main\(\))/m.test(text);

const files = sourceFiles(serverSrc).filter((file) => !isTestSupport(file));

describe('the server’s configuration', () => {
  it('is read from process.env in config.ts only', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(envReads(fs.readFileSync(CONFIG, 'utf8')).length).toBeGreaterThan(0);
    const readers = files.filter((file) => file !== CONFIG && envReads(fs.readFileSync(file, 'utf8')).length > 0);
    expect(readers.map(rel)).toEqual([]);
  });

  it('is loaded by the commands’ entry files only', () => {
    const loaders = files.filter((file) => file !== CONFIG && /\bloadConfig\(/.test(fs.readFileSync(file, 'utf8')));
    expect(loaders.map(rel).sort()).toEqual(['server/src/main.ts', 'server/src/mosquitto-files.ts', 'server/src/releases/cli.ts']);
    expect(loaders.filter((file) => !isEntry(fs.readFileSync(file, 'utf8'))).map(rel)).toEqual([]);
  });

  it('notices a read of the environment, however it is spelt', () => {
    expect(envReads("const url = process.env.SMTP_URL;\nconst x = process['env'].A;\nconst y = process .env;")).toHaveLength(3);
    expect(envReads('const env = loadConfig();')).toEqual([]);
  });
});
