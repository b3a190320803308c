import { type CreatedUser, createSeller, createUser, HttpSession, lastMailTo, TEST_PASSWORD, totpCode } from '../../test/support/http-session';
import { afterAnswers, createTestApp, type TestApp } from '../../test/support/test-app';
import { LOGIN_UNKNOWN_EMAIL, LOGIN_WRONG_PASSWORD } from './log-in/log-in.handler';
import { LINK_INVALID } from './one-time-codes';
import { FORGOT_UNKNOWN_EMAIL } from './request-password-reset/request-password-reset.handler';

describe('identity: login, sessions, CSRF and password flows', () => {
  let app: TestApp;
  let buyer: CreatedUser;
  let seller: CreatedUser;
  let admin: CreatedUser;
  const session = () => new HttpSession(app.http);

  beforeAll(async () => {
    app = await createTestApp();
    buyer = await createUser(app.db.pool, { email: 'jane.buyer@example.com', phone: '5551234567', firstName: 'Jane', lastName: 'Buyer' });
    seller = await createSeller(app.db.pool, { name: 'Acme Roofing', factor: null });
    admin = await createUser(app.db.pool, { role: 'admin' });
  }, 60_000);
  afterAll(() => app.close());

  describe('GET /api/user', () => {
    it('answers {} to anonymous callers and hands out the XSRF-TOKEN cookie', async () => {
      const s = session();
      const answer = await s.get('/api/user');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({});
      expect(s.cookie('XSRF-TOKEN')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      const setCookie = String(answer.headers['set-cookie']);
      expect(setCookie).toContain('SameSite=Lax');
      expect(setCookie).not.toContain('HttpOnly');
    });
  });

  describe('POST /api/auth/login', () => {
    it('trims and lower-cases the email and answers the user object of a buyer', async () => {
      const s = session();
      const answer = await s.post('/api/auth/login', { email: '  Jane.Buyer@EXAMPLE.com ', password: TEST_PASSWORD });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        user_id: buyer.userId,
        first_name: 'Jane',
        last_name: 'Buyer',
        phone: '5551234567',
        email: 'jane.buyer@example.com',
        display_name: 'Jane Buyer',
        company: null,
        permissions: { user: true },
      });
      const sid = String(answer.headers['set-cookie']);
      expect(sid).toMatch(/sid=[^;]+;.*HttpOnly/);
      expect(sid).toContain('SameSite=Lax');
      expect((await s.get('/api/user')).body.user_id).toBe(buyer.userId);
    });

    it('answers a seller with the company and an admin with role admin', async () => {
      const sellerAnswer = await session().post('/api/auth/login', { email: seller.email, password: TEST_PASSWORD });
      expect(sellerAnswer.body.company).toEqual({ company_id: seller.companyId, name: 'Acme Roofing', primary_company_name: 'Acme Roofing' });
      expect(sellerAnswer.body).not.toHaveProperty('role');
      // An admin has a second factor: the password alone answers the second step's methods, no user.
      const admin1 = session();
      const first = await admin1.post('/api/auth/login', { email: admin.email, password: TEST_PASSWORD });
      expect(first.body).toEqual({ second_factor_required: true, methods: ['totp'] });
      const adminAnswer = await admin1.post('/api/auth/login/second-factor', { code: await totpCode() });
      expect(adminAnswer.body.role).toBe('admin');
    });

    it('answers an unknown email with 400 and the text for the email field', async () => {
      const answer = await session().post('/api/auth/login', { email: 'nobody@example.com', password: 'whatever-123' });
      expect(answer).toMatchObject({ status: 400, body: { message: LOGIN_UNKNOWN_EMAIL } });
    });

    it('answers a malformed request with 400', async () => {
      expect(await session().post('/api/auth/login', { password: 'x' })).toMatchObject({ status: 400, body: { message: 'Please enter your email address.' } });
      expect(await session().post('/api/auth/login', { email: 'not-an-email', password: 'x' })).toMatchObject({
        status: 400,
        body: { message: 'Please enter a valid email address.' },
      });
      expect((await session().post('/api/auth/login', '{"email":')).status).toBe(400);
      expect((await session().post('/api/auth/login', [1, 2])).status).toBe(400);
    });

    it('answers a wrong password with 401 and the text for the password field', async () => {
      const answer = await session().post('/api/auth/login', { email: buyer.email, password: 'wrong-password' });
      expect(answer).toMatchObject({ status: 401, body: { message: LOGIN_WRONG_PASSWORD } });
    });

    it('gives a new session id at every login', async () => {
      const s = session();
      await s.login(buyer.email, TEST_PASSWORD);
      const first = s.cookie('sid');
      await s.login(buyer.email, TEST_PASSWORD);
      expect(s.cookie('sid')).not.toBe(first);
      const old = new HttpSession(app.http);
      await old.get('/api/user', { cookie: `sid=${first}` }).then((a) => expect(a.body).toEqual({}));
    });

    it('limits failed logins per email: the sixth attempt is refused even with the right password', async () => {
      const victim = await createUser(app.db.pool);
      for (let i = 0; i < 5; i++) expect((await session().post('/api/auth/login', { email: victim.email, password: 'guess-' + i })).status).toBe(401);
      const blocked = await session().post('/api/auth/login', { email: victim.email, password: TEST_PASSWORD });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/^Too many failed logins for this email\. Try again in \d+ minutes?\.$/);
    });

    it('limits failed logins per client address', async () => {
      const s = session(); // one address for all attempts
      for (let i = 0; i < 20; i++) await s.post('/api/auth/login', { email: `ghost-${i}@example.com`, password: 'x-123456789' });
      const blocked = await s.post('/api/auth/login', { email: buyer.email, password: TEST_PASSWORD });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toContain('your network address');
    });
  });

  describe('CSRF', () => {
    it('refuses a mutating request without the X-XSRF-TOKEN header and changes nothing', async () => {
      const s = session();
      await s.get('/api/user');
      const answer = await s.request(
        'POST',
        '/api/auth/signup',
        { first_name: 'No', last_name: 'Csrf', phone: '5550001111', email: 'nocsrf@example.com', password: 'long-enough-pw' },
        {},
        { withoutCsrf: true },
      );
      expect(answer).toMatchObject({ status: 403, body: { message: 'Missing or invalid CSRF token. Reload the page and try again.' } });
      const { rowCount } = await app.db.pool.query(`SELECT 1 FROM users WHERE email = 'nocsrf@example.com'`);
      expect(rowCount).toBe(0);
    });

    it('refuses a header that does not match the cookie', async () => {
      const s = session();
      await s.get('/api/user');
      const answer = await s.request('POST', '/api/auth/login', { email: buyer.email, password: TEST_PASSWORD }, { 'x-xsrf-token': 'forged-token-value' });
      expect(answer.status).toBe(403);
      expect((await s.get('/api/user')).body).toEqual({});
    });
  });

  describe('POST /api/auth/logout', () => {
    it('revokes the session on the server', async () => {
      const s = session();
      await s.login(buyer.email, TEST_PASSWORD);
      const sid = s.cookie('sid');
      expect((await s.post('/api/auth/logout')).status).toBe(200);
      expect((await s.get('/api/user')).body).toEqual({});
      const replay = await new HttpSession(app.http).get('/api/user', { cookie: `sid=${sid}` });
      expect(replay.body).toEqual({});
    });

    it('ends sessions that expired', async () => {
      const s = session();
      await s.login(buyer.email, TEST_PASSWORD);
      await app.db.pool.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [buyer.userId]);
      expect((await s.get('/api/user')).body).toEqual({});
    });
  });

  describe('password reset', () => {
    const codeFrom = (body: string) => /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(body)![1]!;

    it('answers an unknown email with the text of docs/product.md#error-texts', async () => {
      expect(await session().post('/api/user/password/forgot', { email: 'nobody@example.com' })).toMatchObject({
        status: 404,
        body: { message: FORGOT_UNKNOWN_EMAIL },
      });
      expect(await session().post('/api/user/password/forgot', {})).toMatchObject({ status: 400 });
    });

    it('mails a link whose code works once, then logs in with the new password', async () => {
      const user = await createUser(app.db.pool);
      expect(await session().post('/api/user/password/forgot', { email: ` ${user.email.toUpperCase()} ` })).toMatchObject({
        status: 200,
        body: { message: 'Email Sent.' },
      });
      await afterAnswers(app);
      const mail = await lastMailTo(app.db.pool, user.email);
      const code = codeFrom(mail!.body);
      const check = await session().get(`/api/auth/customer/${code}`);
      expect(check).toMatchObject({ status: 200, body: { user_id: user.userId, email: user.email } });

      expect(await session().put('/api/user/password/reset', { code, password: 'short' })).toMatchObject({
        status: 400,
        body: { message: 'Choose a password of at least 10 characters.' },
      });
      expect(await session().put('/api/user/password/reset', { code, password: 'brand-new-password' })).toMatchObject({
        status: 200,
        body: { user_id: user.userId },
      });
      expect(await session().get(`/api/auth/customer/${code}`)).toMatchObject({ status: 404, body: { message: LINK_INVALID } });
      expect(await session().put('/api/user/password/reset', { code, password: 'another-password' })).toMatchObject({
        status: 404,
        body: { message: LINK_INVALID },
      });

      const s = session();
      await s.login(user.email, 'brand-new-password');
      expect((await s.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
      const del = await s.delete(`/api/customer/code/${user.userId}`);
      expect(del).toMatchObject({ status: 200, body: { removed: 1 } }); // the used code is deleted too
      const { rowCount } = await app.db.pool.query('SELECT 1 FROM one_time_codes WHERE user_id = $1', [user.userId]);
      expect(rowCount).toBe(0);
    });

    it('treats an expired code as invalid', async () => {
      const user = await createUser(app.db.pool);
      await session().post('/api/user/password/forgot', { email: user.email });
      await afterAnswers(app);
      const code = codeFrom((await lastMailTo(app.db.pool, user.email))!.body);
      await app.db.pool.query(`UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.userId]);
      expect(await session().get(`/api/auth/customer/${code}`)).toMatchObject({ status: 404, body: { message: LINK_INVALID } });
    });

    it('removes reset codes only for oneself (or an admin)', async () => {
      const user = await createUser(app.db.pool);
      expect((await session().delete(`/api/customer/code/${user.userId}`)).status).toBe(401);
      const other = session();
      await other.login(buyer.email, TEST_PASSWORD);
      expect((await other.delete(`/api/customer/code/${user.userId}`)).status).toBe(403);
      expect((await other.delete('/api/customer/code/abc')).status).toBe(400);
      const a = session();
      await a.login(admin.email, TEST_PASSWORD);
      expect((await a.delete(`/api/customer/code/${user.userId}`)).status).toBe(200);
    });

    it('limits reset requests per email', async () => {
      const user = await createUser(app.db.pool);
      for (let i = 0; i < 3; i++) expect((await session().post('/api/user/password/forgot', { email: user.email })).status).toBe(200);
      expect((await session().post('/api/user/password/forgot', { email: user.email })).status).toBe(429);
    });
  });

  describe('POST /api/auth/signup', () => {
    it('creates a buyer and logs them in', async () => {
      const s = session();
      const answer = await s.post('/api/auth/signup', {
        first_name: ' Lee ',
        last_name: 'Owner',
        phone: '(602) 555-0199',
        email: 'Lee.Owner@example.com',
        password: 'a-good-password',
      });
      expect(answer).toMatchObject({
        status: 201,
        body: { first_name: 'Lee', email: 'lee.owner@example.com', phone: '6025550199', company: null, permissions: { user: true } },
      });
      expect((await s.get('/api/user')).body.email).toBe('lee.owner@example.com');
      expect(
        (
          await session().post('/api/auth/signup', {
            first_name: 'Lee',
            last_name: 'Again',
            phone: '6025550199',
            email: 'lee.owner@example.com',
            password: 'a-good-password',
          })
        ).status,
      ).toBe(409);
    });

    it('explains what is wrong with the form', async () => {
      const base = { first_name: 'A', last_name: 'B', phone: '6025550100', email: 'ab@example.com', password: 'a-good-password' };
      expect((await session().post('/api/auth/signup', { ...base, phone: '555-0100' })).body.message).toBe('Please enter a 10-digit phone number.');
      expect((await session().post('/api/auth/signup', { ...base, password: 'short' })).body.message).toBe('Choose a password of at least 10 characters.');
      expect((await session().post('/api/auth/signup', { ...base, first_name: '  ' })).body.message).toBe('Please enter your first name.');
    });
  });

  it('sets security headers', async () => {
    const answer = await session().get('/api/user');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });
});
