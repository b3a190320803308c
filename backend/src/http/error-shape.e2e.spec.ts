import { connect } from 'node:net';

import { ERROR_CODES, type ErrorStatus } from '@escrow/domain';

import { createUser, type HttpAnswer, HttpSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/**
 * Issue 36, point 2: every 4xx and 5xx answers one shape, whatever refused the request (the
 * router, fastify reading the body, the input limits, the CSRF and access guards, the validation
 * pipe, a controller's check, a decider, the rate limits): its status, a stable code filed under
 * that status in the catalogue, the message for people (the spec's text where it gives one), the
 * field at fault for a field's refusal, and the request's id, the same as X-Request-Id.
 */
describe('one error shape for every refusal', () => {
  let app: TestApp;
  let anonymous: HttpSession;
  let buyer: HttpSession;
  let admin: HttpSession;

  beforeAll(async () => {
    app = await createTestApp();
    anonymous = new HttpSession(app.http);
    const someone = await createUser(app.db.pool);
    buyer = new HttpSession(app.http);
    await buyer.login(someone.email, someone.password);
    // An administrator who has not set up a second factor: the console stays closed to them.
    const newAdmin = await createUser(app.db.pool, { role: 'admin', factor: null });
    admin = new HttpSession(app.http);
    await admin.login(newAdmin.email, newAdmin.password);
  }, 60_000);
  afterAll(() => app.close());

  /** The shape every error answer has; returns the body for the case's own expectations. */
  function expectTheShape(answer: HttpAnswer, status: number) {
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const { statusCode, code, message, request_id: requestId, ...rest } = answer.body as Record<string, unknown>;
    expect(statusCode).toBe(status);
    expect(Object.keys(ERROR_CODES[status as ErrorStatus] ?? {})).toContain(code);
    expect(typeof message === 'string' && message.length > 0).toBe(true);
    expect(requestId).toEqual(answer.headers['x-request-id']);
    expect(requestId).toMatch(/^[A-Za-z0-9][A-Za-z0-9_.:-]{7,127}$/);
    expect(Object.keys(rest).filter((key) => !['param', 'errors', 'enrolled'].includes(key))).toEqual([]);
    return answer.body as { code: string; message: string; param?: string; errors?: { param: string; message: string }[] };
  }

  it('answers a path no route serves with route_not_found', async () => {
    expect(expectTheShape(await anonymous.get('/api/no-such-route/42'), 404)).toMatchObject({
      code: 'route_not_found',
      message: 'Cannot GET /api/no-such-route/42',
    });
  });

  it('answers a URL fastify cannot route with malformed_url or path_parameter_too_long', async () => {
    expect(expectTheShape(await anonymous.get('/api/job/%zz'), 400).code).toBe('malformed_url');
    expect(expectTheShape(await anonymous.get(`/api/job/${'9'.repeat(1000)}`), 414).code).toBe('path_parameter_too_long');
  });

  it("answers what Node's HTTP parser cannot read with headers_too_large or malformed_request, and closes the connection", async () => {
    // Only a socket reaches the parser (inject hands fastify a request already read).
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.http.getHttpServer().address() as { port: number };
    const overLimit = expectTheShape(await rawExchange(port, `GET /api/job/1?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`), 431);
    expect(overLimit.code).toBe('headers_too_large');
    const notHttp = await rawExchange(port, 'HELLO THERE\r\n\r\n');
    expect(expectTheShape(notHttp, 400).code).toBe('malformed_request');
    expect(notHttp.headers.connection).toBe('close');
    // A header with a character no header may hold.
    expect(expectTheShape(await rawExchange(port, 'GET /api/user HTTP/1.1\r\nHost: localhost\r\nX-Bad: a\u0001b\r\n\r\n'), 400).code).toBe('malformed_request');
  });

  it('answers the bodies fastify cannot read with malformed_json, unsupported_media_type and payload_too_large', async () => {
    const json = { 'content-type': 'application/json' };
    expect(expectTheShape(await anonymous.post('/api/auth/login', '{"email": "a@b.c",', json), 400).code).toBe('malformed_json');
    expect(expectTheShape(await anonymous.post('/api/auth/login', '<email>a@b.c</email>', { 'content-type': 'application/xml' }), 415).code).toBe(
      'unsupported_media_type',
    );
    expect(expectTheShape(await anonymous.post('/api/auth/login', { email: 'x'.repeat(1024 * 1024 + 1) }), 413).code).toBe('payload_too_large');
  });

  it('answers valid JSON holding a prototype key with json_prototype_key, naming the key, not with malformed_json', async () => {
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const bodies = [
      '{"__proto__":{"role":"admin"},"email":"a@b.c","password":"x"}',
      '{"email":"a@b.c","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
      // The key spelled with escapes is the same key once parsed.
      '{"\\u005f\\u005fproto__":{"role":"admin"}}',
    ];
    for (const body of bodies) {
      const refusal = expectTheShape(await anonymous.post('/api/auth/login', body, json), 400);
      expect(refusal.code).toBe('json_prototype_key');
      expect(refusal.message).toContain('"__proto__"');
    }
    // Not JSON at all, empty, or a prototype key inside a string: as before.
    expect(expectTheShape(await anonymous.post('/api/auth/login', '{"__proto__":', json), 400).code).toBe('malformed_json');
    expect(expectTheShape(await anonymous.post('/api/auth/login', '', json), 400).code).toBe('malformed_json');
    const quoted = await anonymous.post('/api/auth/login', '{"email":"proto@example.com","password":"__proto__ constructor prototype"}', json);
    expect(['json_prototype_key', 'malformed_json']).not.toContain((quoted.body as { code?: string }).code);
  });

  it('answers the input no column can hold with its code and the field at fault', async () => {
    const nul = expectTheShape(await anonymous.post('/api/auth/login', { email: 'a\u0000@b.c', password: 'x' }), 400);
    expect(nul).toMatchObject({ code: 'unsafe_text', param: 'email' });
    let deep: unknown = 1;
    for (let i = 0; i < 30; i++) deep = { a: deep };
    expect(expectTheShape(await anonymous.post('/api/auth/login', deep), 400).code).toBe('body_too_deep');
  });

  it('answers a mutating request without its CSRF token with csrf_token_invalid', async () => {
    const forged = await buyer.request('POST', '/api/auth/logout', {}, {}, { withoutCsrf: true });
    expect(expectTheShape(forged, 403)).toMatchObject({ code: 'csrf_token_invalid', message: 'Missing or invalid CSRF token. Reload the page and try again.' });
  });

  it('answers the access guard with login_required, admin_only and second_factor_required', async () => {
    expect(expectTheShape(await anonymous.get('/api/job/1'), 401)).toMatchObject({ code: 'login_required', message: 'Please log in to continue.' });
    expect(expectTheShape(await buyer.get('/api/admin/users'), 403).code).toBe('admin_only');
    expect(expectTheShape(await admin.get('/api/admin/users'), 403).code).toBe('second_factor_required');
  });

  it('answers a body that breaks its DTO with validation_failed, naming the first field at fault and listing every one', async () => {
    const body = expectTheShape(await buyer.post('/api/milestone', { job_id: 'seven', definition: 12, payees: [] }), 400);
    expect(body.code).toBe('validation_failed');
    expect(body.errors!.map((e) => e.param)).toEqual(expect.arrayContaining(['job_id', 'definition']));
    expect(body.param).toBe(body.errors![0]!.param);
    expect(body.message).toBe(body.errors![0]!.message);
  });

  it('answers a path or query parameter that is not one with validation_failed and its name', async () => {
    expect(expectTheShape(await buyer.get('/api/job/abc'), 400)).toMatchObject({
      code: 'validation_failed',
      param: 'id',
      message: 'id must be a positive whole number.',
    });
    expect(expectTheShape(await buyer.get('/api/account/security-log?page=0'), 400)).toMatchObject({ code: 'validation_failed', param: 'page' });
  });

  it("answers a decider's refusal with the domain's code, and the spec's text as the message (login's 400 and 401)", async () => {
    expect(expectTheShape(await buyer.get('/api/job/999999'), 404).code).toMatch(/^no_such_project$|^job_not_found$/);
    const unknown = expectTheShape(await anonymous.post('/api/auth/login', { email: 'nobody-here@test.escrowledger.test', password: 'whatever-1' }), 400);
    expect(unknown).toMatchObject({ code: 'email_unknown', message: "We couldn't find an account with that email address." });
    const someone = await createUser(app.db.pool);
    const wrong = expectTheShape(await new HttpSession(app.http).post('/api/auth/login', { email: someone.email, password: 'not-the-password-1' }), 401);
    expect(wrong).toMatchObject({ code: 'wrong_password', message: 'That password is not correct. Try again or reset your password.' });
  });

  it('answers too many attempts with too_many_attempts and Retry-After', async () => {
    const someone = await createUser(app.db.pool);
    const guesser = new HttpSession(app.http);
    let answer: HttpAnswer | undefined;
    for (let i = 0; i < 10 && answer?.status !== 429; i++) answer = await guesser.post('/api/auth/login', { email: someone.email, password: `guess-${i}-x` });
    expect(expectTheShape(answer!, 429).code).toBe('too_many_attempts');
    expect(Number(answer!.headers['retry-after'])).toBeGreaterThan(0);
  });
});

/** Sends `text` on a new connection and reads the answer until the server closes it. */
function rawExchange(port: number, text: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      try {
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) } as HttpAnswer);
      } catch {
        reject(new Error(`not a JSON answer: ${received.slice(0, 300)}`));
      }
    });
  });
}
