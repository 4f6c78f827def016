import { DROP_WARNINGS_TRACKED, DropWarnings } from './drop-warnings';

describe('DropWarnings', () => {
  it('logs the first drop of a thing at once, then at most one line a minute with the count in between', () => {
    let now = 0;
    const lines: string[] = [];
    const warnings = new DropWarnings(
      (line) => lines.push(line),
      () => now,
    );
    warnings.dropped('a', 'dropped a #1');
    for (let i = 2; i <= 5; i++) {
      now += 10_000;
      warnings.dropped('a', `dropped a #${i}`);
    }
    expect(lines).toEqual(['dropped a #1']);
    now = 60_000;
    warnings.dropped('a', 'dropped a #6');
    expect(lines).toEqual(['dropped a #1', 'dropped a #6 (+4 more dropped for a in the last minute)']);
    now = 130_000;
    warnings.dropped('a', 'dropped a #7');
    expect(lines[2]).toBe('dropped a #7');
  });

  it('keeps things apart: one noisy gateway does not silence another', () => {
    const lines: string[] = [];
    const warnings = new DropWarnings(
      (line) => lines.push(line),
      () => 1000,
    );
    warnings.dropped('a', 'a1');
    warnings.dropped('a', 'a2');
    warnings.dropped('b', 'b1');
    expect(lines).toEqual(['a1', 'b1']);
  });
});

describe('DropWarnings, bounded', () => {
  it('remembers at most its bound of things, even when every one dropped within the minute', () => {
    const lines: string[] = [];
    const warnings = new DropWarnings(
      (line) => lines.push(line),
      () => 0,
    );
    for (let i = 0; i < DROP_WARNINGS_TRACKED + 100; i++) warnings.dropped(`gw-${i}`, `dropped gw-${i}`);
    expect(warnings.size).toBe(DROP_WARNINGS_TRACKED);
    expect(lines).toHaveLength(DROP_WARNINGS_TRACKED + 100); // each thing's first drop is told
  });
});
