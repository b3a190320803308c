import { createSeller, HttpSession, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/**
 * What registering an endpoint and changing one refuse, as production runs (no
 * WEBHOOKS_ALLOW_HTTP_LOOPBACK): each refusal a 400 with a reason the person can act on, and
 * nothing stored or changed.
 */
describe('webhook endpoints: refused registrations and changes', () => {
  let app: TestApp;
  let seller: HttpSession;
  let endpointId: number;
  const original = 'https://hooks.example.com/escrow';

  beforeAll(async () => {
    app = await createTestApp({
      webhooks: { run: false, allowHttpLoopback: false, timeoutMs: 1000, retryBaseMs: 1000, retryForMs: 86_400_000, secretOverlapMs: 86_400_000 },
    });
    seller = new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, (await createSeller(app.db.pool, { factor: 'totp' })).userId));
    const created = await seller.post('/api/webhooks/endpoints', { url: original, kinds: ['deposit.settled'] });
    expect(created.status).toBe(201);
    endpointId = created.body.id;
  }, 60_000);
  afterAll(() => app.close());

  const storedEndpoints = async () =>
    (await app.db.pool.query<{ url: string; kinds: string[] }>('SELECT url, kinds FROM webhook_endpoints ORDER BY endpoint_id')).rows;

  // Spellings of this machine, of private networks and of the cloud metadata address.
  it.each([
    ['https://localhost./hook', 'localhost is this server itself'],
    ['https://LOCALHOST../hook', 'localhost is this server itself'],
    ['https://ｌｏｃａｌｈｏｓｔ./hook', 'localhost is this server itself'],
    ['https://localhost.localdomain/hook', 'localhost.localdomain is this server itself'],
    ['https://2130706433/hook', '127.0.0.1 is this server itself'],
    ['https://0x7f.1./hook', '127.0.0.1 is this server itself'],
    ['https://017700000001/hook', '127.0.0.1 is this server itself'],
    ['https://127.0.0.1../hook', '127.0.0.1 is this server itself'],
    ['https://[::1]/hook', '::1 is this server itself'],
    ['https://[::ffff:127.0.0.1]/hook', 'is this server itself'],
    ['https://[::127.0.0.1]/hook', 'is not a public address'],
    ['https://0.0.0.0/hook', '0.0.0.0 is not a public address'],
    ['https://10.1.2.3./hook', '10.1.2.3 is not a public address'],
    ['https://192.168.0.1/hook', '192.168.0.1 is not a public address'],
    ['https://169.254.169.254./latest/meta-data', '169.254.169.254 is not a public address'],
    ['https://db.internal./hook', 'db.internal is not a public host name'],
  ])('refuses %s at registration and as a change of URL: %s', async (url, reason) => {
    const before = await storedEndpoints();
    const registered = await seller.post('/api/webhooks/endpoints', { url, kinds: ['deposit.settled'] });
    expect([registered.status, registered.body.message]).toEqual([400, expect.stringContaining(reason)]);
    const changed = await seller.put(`/api/webhooks/endpoints/${endpointId}`, { url });
    expect([changed.status, changed.body.message]).toEqual([400, expect.stringContaining(reason)]);
    expect(await storedEndpoints()).toEqual(before);
    expect(before).toEqual([{ url: original, kinds: ['deposit.settled'] }]);
  });

  it('refuses a kind listed twice, at registration and as a change, naming it', async () => {
    const before = await storedEndpoints();
    const kinds = ['deposit.settled', 'disbursement.paid', 'deposit.settled'];
    const message = 'List each kind of event once: deposit.settled is listed twice.';
    const registered = await seller.post('/api/webhooks/endpoints', { url: 'https://hooks.example.com/other', kinds });
    expect([registered.status, registered.body.message]).toEqual([400, message]);
    const changed = await seller.put(`/api/webhooks/endpoints/${endpointId}`, { kinds });
    expect([changed.status, changed.body.message]).toEqual([400, message]);
    expect(await storedEndpoints()).toEqual(before);
    // Each kind once is accepted, in any order.
    const accepted = await seller.put(`/api/webhooks/endpoints/${endpointId}`, { kinds: ['disbursement.paid', 'deposit.settled'] });
    expect([accepted.status, accepted.body.kinds]).toEqual([200, ['deposit.settled', 'disbursement.paid']]);
    expect((await seller.put(`/api/webhooks/endpoints/${endpointId}`, { kinds: ['deposit.settled'] })).status).toBe(200);
  });
});
