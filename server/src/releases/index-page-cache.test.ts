// The rendered index pages a replica keeps, one per release mix, stay at their bound: past it the
// least recently served goes, and serving it again renders it again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createIndexRenderer, type Assignment } from './index-page';
import type { Rollout } from './store';

const mix = (releaseId: string): Assignment => new Map([['@helio/monitoring-app', { id: releaseId } as Rollout['stable']]]);

describe('the rendered index pages kept', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-index-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Helio</title>');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stay at the bound, the least recently served mix going first', () => {
    const renderer = createIndexRenderer(dir, 2);
    const a = renderer.render(mix('a'));
    const b = renderer.render(mix('b'));
    expect(renderer.render(mix('a'))).toBe(a); // kept, now the most recent
    renderer.render(mix('c')); // past the bound: b goes
    expect(renderer.cached()).toBe(2);
    expect(renderer.render(mix('a'))).toBe(a);
    const bAgain = renderer.render(mix('b'));
    expect(bAgain).not.toBe(b); // rendered again
    expect(bAgain).toEqual(b);
    expect(renderer.cached()).toBe(2);
  });
});
