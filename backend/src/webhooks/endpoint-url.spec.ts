import { WebhookReceiver } from '../../test/support/webhook-receiver';
import { checkEndpointUrl, classifyAddress, guardedLookup } from './endpoint-url';
import { signatureHeader, verifySignatureHeader } from './signatures';
import { retryDelayMs } from './webhook-deliverer';
import { sendDelivery } from './webhook-sender';

const refusal = (url: string, loopback = false) => {
  try {
    checkEndpointUrl(url, loopback);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

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
    // IPv4-compatible (deprecated) and IPv4-translated forms of 127.0.0.1.
    ['::7f00:1', 'refused'],
    ['::ffff:0:7f00:1', 'refused'],
    ['not-an-ip', 'refused'],
  ])('classifies %s as %s', (address, verdict) => {
    expect(classifyAddress(address)).toBe(verdict);
  });

  it('accepts https URLs of public hosts and refuses the rest with a reason', () => {
    expect(checkEndpointUrl('https://hooks.example.com/escrow?x=1', false)).toBe('https://hooks.example.com/escrow?x=1');
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

  // Every spelling of this machine, a private network or the cloud metadata address is judged as
  // the host it names: the URL parser's reading (case, IDNA, IPv4 in any notation) without the
  // trailing dots of a fully qualified name.
  it.each([
    ['https://localhost./x', 'localhost is this server itself'],
    ['https://localhost../x', 'localhost is this server itself'],
    ['https://LOCALHOST./x', 'localhost is this server itself'],
    ['https://LocalHost/x', 'localhost is this server itself'],
    ['https://localhost%2E/x', 'localhost is this server itself'],
    ['https://ｌｏｃａｌｈｏｓｔ/x', 'localhost is this server itself'],
    ['https://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ./x', 'localhost is this server itself'],
    ['https://localhost\u3002/x', 'localhost is this server itself'],
    ['https://hooks.localhost./x', 'hooks.localhost is this server itself'],
    ['https://localhost.localdomain/x', 'localhost.localdomain is this server itself'],
    ['https://localhost.localdomain./x', 'localhost.localdomain is this server itself'],
    ['https://ip6-localhost/x', 'ip6-localhost is this server itself'],
    ['https://2130706433/x', '127.0.0.1 is this server itself'],
    ['https://0x7f.1/x', '127.0.0.1 is this server itself'],
    ['https://017700000001/x', '127.0.0.1 is this server itself'],
    ['https://127.1/x', '127.0.0.1 is this server itself'],
    ['https://127.0.0.1./x', '127.0.0.1 is this server itself'],
    ['https://127.0.0.1../x', '127.0.0.1 is this server itself'],
    ['https://0x7f.1../x', '127.0.0.1 is this server itself'],
    ['https://2130706433../x', '127.0.0.1 is this server itself'],
    ['https://[::1]/x', '::1 is this server itself'],
    ['https://[0:0:0:0:0:0:0:1]/x', '::1 is this server itself'],
    ['https://[::ffff:127.0.0.1]/x', 'this server itself'],
    ['https://[::127.0.0.1]/x', 'not a public address'],
    ['https://[::ffff:0:127.0.0.1]/x', 'not a public address'],
    ['https://0.0.0.0/x', '0.0.0.0 is not a public address'],
    ['https://0/x', '0.0.0.0 is not a public address'],
    ['https://[::]/x', ':: is not a public address'],
    ['https://10.0.0.1/x', '10.0.0.1 is not a public address'],
    ['https://172.16.0.1./x', '172.16.0.1 is not a public address'],
    ['https://192.168.1.1../x', '192.168.1.1 is not a public address'],
    ['https://0xc0a80101/x', '192.168.1.1 is not a public address'],
    ['https://100.64.0.1/x', '100.64.0.1 is not a public address'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is not a public address'],
    ['https://169.254.169.254./latest/meta-data', '169.254.169.254 is not a public address'],
    ['https://2852039166/latest/meta-data', '169.254.169.254 is not a public address'],
    ['https://[::ffff:a9fe:a9fe]/x', 'not a public address'],
    ['https://[fd00::1]/x', 'not a public address'],
    ['https://[fe80::1]/x', 'not a public address'],
    ['https://db.internal./x', 'db.internal is not a public host name'],
    ['https://printer.local./x', 'printer.local is not a public host name'],
    ['https://nas.home.arpa/x', 'nas.home.arpa is not a public host name'],
    ['https://intranet./x', 'intranet is not a public host name'],
    ['https://./x', 'not a public host name'],
  ])('refuses %s: %s', (url, reason) => {
    expect(refusal(url)).toContain(reason);
    // The development setting lets this machine in, never a private network.
    if (!reason.includes('this server itself')) expect(refusal(url, true)).toContain(reason);
  });

  it('accepts a public name written as a fully qualified name, in any case', () => {
    expect(refusal('https://hooks.example.com./escrow')).toBeNull();
    expect(refusal('https://HOOKS.Example.COM/escrow')).toBeNull();
    expect(refusal('https://bücher.example/escrow')).toBeNull();
  });

  it('re-checks the address when it connects: no request reaches this machine without the setting, whatever the stored URL says', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const send = (url: string, allowLoopback: boolean) =>
        sendDelivery({ url, deliveryId: 'd-1', kind: 'deposit.settled', eventId: 'e-1', body: '{}', secrets: ['s'] }, { timeoutMs: 2000, allowLoopback });
      // A URL stored before these checks (or under the development setting) is refused at the connection: the literal address and names alike.
      const literal = await send(receiver.url('/literal'), false);
      expect(literal).toMatchObject({ statusCode: null, error: expect.stringContaining('not sent: 127.0.0.1 is this server itself') });
      const mapped = await send(receiver.url('/mapped').replace('127.0.0.1', '[::ffff:127.0.0.1]'), false);
      expect(mapped).toMatchObject({ statusCode: null, error: expect.stringContaining('not sent') });
      const named = await send(receiver.url('/named').replace('127.0.0.1', 'localhost'), false);
      expect(named).toMatchObject({ statusCode: null, error: expect.stringContaining('not sent') });
      expect(receiver.requests).toEqual([]);
      // With the development setting the same receiver is reached.
      expect(await send(receiver.url('/allowed'), true)).toMatchObject({ statusCode: 200, error: null });
      expect(receiver.requests.map((r) => r.path)).toEqual(['/allowed']);
    } finally {
      await receiver.close();
    }
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
