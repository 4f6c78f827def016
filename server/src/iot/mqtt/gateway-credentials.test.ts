import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mosquittoAcl, mosquittoPasswd } from './broker-acl';
import { gatewayUsername, mosquittoHash, newGatewayPassword, thingNameOfUsername, verifyMosquittoHash } from './gateway-credentials';

const MOSQUITTO_PASSWD = '/usr/bin/mosquitto_passwd';

describe('gateway credentials', () => {
  it('name a gateway gw-<thingName> and read the thing name back', () => {
    expect(gatewayUsername('demo-brno-01')).toBe('gw-demo-brno-01');
    expect(thingNameOfUsername('gw-demo-brno-01')).toBe('demo-brno-01');
    expect(thingNameOfUsername('helio-server')).toBeUndefined();
    expect(thingNameOfUsername('gw-')).toBeUndefined();
  });

  it('make long random passwords, a different one every time', () => {
    const a = newGatewayPassword();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newGatewayPassword()).not.toBe(a);
  });

  it('hash in Mosquitto’s $7$ format, salted, verifying only the right password', async () => {
    const hash = await mosquittoHash('s3cret-gateway');
    expect(hash).toMatch(/^\$7\$\d+\$[A-Za-z0-9+/]{16}\$[A-Za-z0-9+/]{86}==$/);
    expect(hash).not.toContain('s3cret');
    await expect(verifyMosquittoHash('s3cret-gateway', hash)).resolves.toBe(true);
    await expect(verifyMosquittoHash('s3cret-gatewaY', hash)).resolves.toBe(false);
    expect(await mosquittoHash('s3cret-gateway')).not.toBe(hash);
  });

  (fs.existsSync(MOSQUITTO_PASSWD) ? it : it.skip)('verify what mosquitto_passwd itself writes (same algorithm)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-passwd-'));
    try {
      const file = path.join(dir, 'passwd');
      fs.writeFileSync(file, '');
      execFileSync(MOSQUITTO_PASSWD, ['-b', file, 'gw-x', 'from-mosquitto']);
      const hash = fs.readFileSync(file, 'utf8').trim().split(':')[1] ?? '';
      await expect(verifyMosquittoHash('from-mosquitto', hash)).resolves.toBe(true);
      await expect(verifyMosquittoHash('other', hash)).resolves.toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Mosquitto files', () => {
  it('give each gateway exactly its own topics and the server everything under helio/', () => {
    const acl = mosquittoAcl([{ username: 'gw-a', thingName: 'a' }], 'helio-server');
    expect(acl).toContain('user helio-server\ntopic readwrite helio/things/#\n');
    expect(acl).toContain(
      'user gw-a\ntopic write helio/things/a/shadow/reported\ntopic write helio/things/a/status\ntopic read helio/things/a/shadow/delta\n',
    );
    // No gateway line grants a wildcard: only the server's does.
    expect(acl.split('\n').filter((l) => l.startsWith('topic') && /[#+]/.test(l))).toEqual(['topic readwrite helio/things/#']);
  });

  it('list one user:hash line per login', () => {
    expect(
      mosquittoPasswd([
        { username: 'gw-a', mosquittoHash: '$7$1$s$h' },
        { username: 'gw-b', mosquittoHash: '$7$1$t$i' },
      ]),
    ).toBe('gw-a:$7$1$s$h\ngw-b:$7$1$t$i\n');
  });
});
