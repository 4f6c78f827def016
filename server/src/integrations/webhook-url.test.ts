// Which webhook URLs are refused: loopback, private and other internal addresses, by literal and by
// name (every address a name resolves to counts), unless private targets are allowed.
import { checkWebhookUrl, isPrivateAddress, literalAllowed } from './webhook-url';

describe('webhook URLs', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '::7f00:1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::1',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    'fec0::1',
    '224.0.0.1',
  ])('counts %s as internal', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('counts %s as public', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  it('refuses loopback and private hosts, by address and by name, unless allowed', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'https://[::1]/hook',
      'http://10.0.0.5/x',
      'http://localhost:3000/hook',
      // the review's: written as IPv6 that carries (or reaches) an internal IPv4 address
      'http://[::127.0.0.1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[64:ff9b:1::a00:1]/hook',
      'http://[2002:7f00:1::]/hook',
    ]) {
      await expect(checkWebhookUrl(url, false)).rejects.toThrow(/private or loopback/);
      await expect(checkWebhookUrl(url, true)).resolves.toBeInstanceOf(URL);
    }
  });

  it('takes a public address, and refuses other schemes, credentials and names that do not resolve', async () => {
    await expect(checkWebhookUrl('https://93.184.216.34/hook', false)).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl('ftp://93.184.216.34/hook', false)).rejects.toThrow(/http and https/);
    await expect(checkWebhookUrl('https://user:pw@93.184.216.34/hook', false)).rejects.toThrow(/credentials/);
    await expect(checkWebhookUrl('not a url', false)).rejects.toThrow(/Not a URL/);
    await expect(checkWebhookUrl('https://no-such-host.invalid/hook', false)).rejects.toThrow(/does not resolve/);
  });

  it('checks address literals at send time too (no lookup happens for them)', () => {
    expect(literalAllowed(new URL('http://127.0.0.1/x'), false)).toBe(false);
    expect(literalAllowed(new URL('http://127.0.0.1/x'), true)).toBe(true);
    expect(literalAllowed(new URL('http://example.com/x'), false)).toBe(true);
  });
});
