import { checkEndpointUrl, classifyAddress, guardedLookup } from './endpoint-url';
import { signatureHeader, verifySignatureHeader } from './signatures';
import { retryDelayMs } from './webhook-deliverer';

describe('where webhooks may go', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['2606:2800:220:1:248:1893:25c8:1946', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'refused'],
    ['172.16.0.1', 'refused'],
    ['172.31.255.255', 'refused'],
    ['192.168.1.1', 'refused'],
    ['169.254.169.254', 'refused'],
    ['100.64.0.1', 'refused'],
    ['0.0.0.0', 'refused'],
    ['224.0.0.1', 'refused'],
    ['255.255.255.255', 'refused'],
    ['fe80::1', 'refused'],
    ['fd00::1', 'refused'],
    ['::', 'refused'],
    ['::ffff:10.0.0.1', 'refused'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'refused'],
    ['0:0:0:0:0:ffff:c0a8:101', 'refused'],
    ['0000:0000::ffff:7f00:1', 'loopback'],
    ['::ffff:5db8:d822', 'public'],
    ['64:ff9b::a00:1', 'refused'],
    ['not-an-ip', 'refused'],
  ])('classifies %s as %s', (address, verdict) => {
    expect(classifyAddress(address)).toBe(verdict);
  });

  it('accepts https URLs of public hosts and refuses the rest with a reason', () => {
    expect(checkEndpointUrl('https://hooks.example.com/escrow?x=1', false)).toBe('https://hooks.example.com/escrow?x=1');
    const refusal = (url: string, loopback = false) => {
      try {
        checkEndpointUrl(url, loopback);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refusal('http://hooks.example.com/x')).toContain('https://');
    expect(refusal('ftp://hooks.example.com/x')).toContain('https://');
    expect(refusal('https://user:pw@hooks.example.com/x')).toContain('user name or password');
    expect(refusal('https://[::ffff:192.168.0.1]/x')).toContain('not a public address');
    expect(refusal('https://localhost/x')).toContain('this server itself');
    expect(refusal('https://db.internal/x')).toContain('not a public host name');
    expect(refusal('https://intranet/x')).toContain('not a public host name');
    expect(refusal('not a url')).toContain('full URL');
    // The development setting lets a receiver on this machine in, over http too, and nothing else.
    expect(refusal('http://127.0.0.1:8080/x', true)).toBeNull();
    expect(refusal('http://localhost:8080/x', true)).toBeNull();
    expect(refusal('http://hooks.example.com/x', true)).toContain('https://');
    expect(refusal('https://10.0.0.1/x', true)).toContain('not a public address');
  });

  it('refuses at connection time a name that resolves to a private or loopback address', async () => {
    const lookup = (allow: boolean) =>
      new Promise<string>((resolve) =>
        guardedLookup(allow)('localhost', {}, (error, address) => resolve(error ? `refused: ${error.message}` : String(address))),
      );
    expect(await lookup(false)).toMatch(/^refused: localhost resolves to .*not a public address/);
    expect(await lookup(true)).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});

describe('signatures and retries', () => {
  it('signs with every valid secret and verifies any of them, within the tolerance', () => {
    const header = signatureHeader(['new-secret', 'old-secret'], Math.floor(Date.now() / 1000), '{"a":1}');
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifySignatureHeader(header, '{"a":1}', 'new-secret')).toBe(true);
    expect(verifySignatureHeader(header, '{"a":1}', 'old-secret')).toBe(true);
    expect(verifySignatureHeader(header, '{"a":2}', 'new-secret')).toBe(false);
    expect(verifySignatureHeader(header, '{"a":1}', 'other')).toBe(false);
    const old = signatureHeader(['new-secret'], Math.floor(Date.now() / 1000) - 3600, '{}');
    expect(verifySignatureHeader(old, '{}', 'new-secret')).toBe(false);
  });

  it('backs off exponentially, at most an hour apart, so 24 hours take about thirty attempts', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000, 0.5))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30, 30_000, 0.5)).toBe(3600_000);
    expect(retryDelayMs(1, 30_000, 0)).toBe(27_000);
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < 24 * 3600_000) elapsed += retryDelayMs(++attempts, 30_000, 0.5);
    expect(attempts).toBeGreaterThan(25);
    expect(attempts).toBeLessThan(35);
  });
});
