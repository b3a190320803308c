import { createCompany, type CreatedUser, createSeller, createUser, HttpSession, lastMailTo, TEST_PASSWORD } from '../../test/support/http-session';
import { afterAnswers, createTestApp, type TestApp } from '../../test/support/test-app';
import { PHONE_NEEDS_TEN_DIGITS } from './buyers';

describe('directory: services, contractors, buyers, applications', () => {
  let app: TestApp;
  let buyer: CreatedUser;
  let seller: CreatedUser & { companyId: number };
  let admin: CreatedUser;
  const as = async (user: CreatedUser | null) => {
    const s = new HttpSession(app.http);
    if (user) await s.login(user.email, TEST_PASSWORD);
    return s;
  };

  beforeAll(async () => {
    app = await createTestApp();
    buyer = await createUser(app.db.pool, { phone: '5551234567', firstName: 'Pat', lastName: 'Owner' });
    seller = await createSeller(app.db.pool, { name: 'Zion Builders', state: 'UT', services: ['General Contracting', 'Framing'] });
    admin = await createUser(app.db.pool, { role: 'admin' });
    await createCompany(app.db.pool, { name: 'alpine Plumbing', state: 'UT', services: ['Plumbing'] });
    await createCompany(app.db.pool, { name: 'Basin Electric', state: 'NV', services: ['Electrical', 'Solar'] });
    await createCompany(app.db.pool, { name: 'Cactus Roofing', state: 'AZ', services: ['Roofing'] });
  }, 60_000);
  afterAll(() => app.close());

  it('lists services sorted by service_name', async () => {
    const answer = await (await as(null)).get('/api/services');
    expect(answer.status).toBe(200);
    const names = answer.body.map((s: { service_name: string }) => s.service_name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['Framing', 'Plumbing', 'Solar']));
  });

  describe('GET /api/companies/search', () => {
    it('finds companies by state and service, sorted by name', async () => {
      const s = await as(null);
      const utah = await s.get('/api/companies/search?state=UT');
      expect(utah.body.map((c: { name: string }) => c.name)).toEqual(['alpine Plumbing', 'Zion Builders']);
      const framing = await s.get('/api/companies/search?state=UT&service=Framing');
      expect(framing.body).toEqual([
        expect.objectContaining({ company_id: seller.companyId, name: 'Zion Builders', primary_company_name: 'Zion Builders', state: 'UT', city: 'Phoenix' }),
      ]);
      const everyone = await s.get('/api/companies/search');
      expect(everyone.body.map((c: { name: string }) => c.name)).toEqual(['alpine Plumbing', 'Basin Electric', 'Cactus Roofing', 'Zion Builders']);
      expect((await s.get('/api/companies/search?state=NV&service=Roofing')).body).toEqual([]);
    });

    it('refuses a state we do not serve', async () => {
      expect(await (await as(null)).get('/api/companies/search?state=CA')).toMatchObject({
        status: 400,
        body: { message: 'Choose a state we serve: AZ, ID, NV or UT.' },
      });
      expect((await (await as(null)).get('/api/companies/search?state=UT&state=AZ')).status).toBe(400);
    });
  });

  describe('company profile', () => {
    it('answers the full company and its services', async () => {
      const s = await as(null);
      const company = await s.get(`/api/company/${seller.companyId}`);
      expect(company.status).toBe(200);
      expect(Object.keys(company.body).sort()).toEqual(
        [
          'bio',
          'city',
          'company_id',
          'company_img',
          'contact_email',
          'insurance',
          'license',
          'name',
          'phone',
          'primary_company_name',
          'state',
          'street',
          'website_link',
          'zip_code',
        ].sort(),
      );
      expect((await s.get(`/api/company/services/${seller.companyId}`)).body).toEqual(['Framing', 'General Contracting']);
    });

    it('answers 404 for an unknown company and 400 for a malformed id', async () => {
      const s = await as(null);
      expect(await s.get('/api/company/999999')).toMatchObject({ status: 404, body: { message: 'There is no company with that id.' } });
      expect((await s.get('/api/company/abc')).status).toBe(400);
      expect((await s.get('/api/company/-1')).status).toBe(400);
      expect((await s.get('/api/company/services/99999999999')).status).toBe(400);
    });
  });

  describe('GET /api/companies/search/{text}', () => {
    it('finds sellers by name and can leave out the asking user’s company', async () => {
      const s = await as(seller);
      expect((await s.get('/api/companies/search/zion?exclude_current_user=false')).body).toEqual([{ company_id: seller.companyId, name: 'Zion Builders' }]);
      expect((await s.get('/api/companies/search/zion?exclude_current_user=true')).body).toEqual([]);
      expect((await s.get('/api/companies/search/%25')).body).toEqual([]); // % is text, not a wildcard
    });

    it('needs a logged-in user', async () => {
      expect((await (await as(null)).get('/api/companies/search/zion')).status).toBe(401);
      expect((await (await as(buyer)).get('/api/companies/search/zion?exclude_current_user=maybe')).status).toBe(400);
    });
  });

  describe('GET /api/customer/search/phone/{phone}', () => {
    it.each(['(555) 123-4567', '555.123.4567', '5551234567'])('finds the same buyer for %s', async (phone) => {
      const answer = await (await as(seller)).get(`/api/customer/search/phone/${encodeURIComponent(phone)}`);
      expect(answer).toMatchObject({ status: 200, body: [{ user_id: buyer.userId, first_name: 'Pat', last_name: 'Owner', phone: '5551234567' }] });
    });

    it('needs all 10 digits and a logged-in user', async () => {
      expect(await (await as(seller)).get('/api/customer/search/phone/555123456')).toMatchObject({ status: 400, body: { message: PHONE_NEEDS_TEN_DIGITS } });
      expect((await (await as(null)).get('/api/customer/search/phone/5551234567')).status).toBe(401);
      expect((await (await as(seller)).get('/api/customer/search/phone/5559999999')).body).toEqual([]);
    });
  });

  describe('POST /api/job/customer/new', () => {
    const newBuyer = { first_name: 'Robin', last_name: 'Client', phone: '(801) 555-0111', email: 'Robin.Client@example.com', customer_name: 'Robin Client' };

    it('creates the buyer without a password and mails an invitation that logs them in', async () => {
      const answer = await (await as(seller)).post('/api/job/customer/new', newBuyer);
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        customer_id: answer.body.user_id,
        user_id: expect.any(Number),
        first_name: 'Robin',
        last_name: 'Client',
        phone: '8015550111',
        email: 'robin.client@example.com',
        customer_name: 'Robin Client',
      });
      const mail = await lastMailTo(app.db.pool, 'robin.client@example.com');
      const hash = /\/customer\/new\/([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
      const invited = new HttpSession(app.http);
      expect(await invited.get(`/api/auth/invite/${hash}`)).toMatchObject({ status: 200, body: { user_id: answer.body.user_id, first_name: 'Robin' } });
      expect(await invited.post(`/api/auth/invite/${hash}`, { password: 'robin-password-1' })).toMatchObject({
        status: 200,
        body: { email: 'robin.client@example.com' },
      });
      expect((await invited.get('/api/user')).body.user_id).toBe(answer.body.user_id);
      expect((await new HttpSession(app.http).get(`/api/auth/invite/${hash}`)).status).toBe(404);
    });

    it('refuses an email that already has an account', async () => {
      const answer = await (await as(seller)).post('/api/job/customer/new', { ...newBuyer, email: buyer.email });
      expect(answer).toMatchObject({ status: 409, body: { message: 'A user with this email already exists. Search for them by phone instead.' } });
    });

    it('applies the buyer rules of docs/product.md#new-buyer-form', async () => {
      const s = await as(seller);
      expect((await s.post('/api/job/customer/new', { ...newBuyer, email: 'x1@example.com', phone: '555-0111' })).body.message).toBe(PHONE_NEEDS_TEN_DIGITS);
      expect((await s.post('/api/job/customer/new', { ...newBuyer, email: 'x2@example.com', first_name: '' })).body.message).toBe(
        "Please enter the buyer's first name.",
      );
      expect((await s.post('/api/job/customer/new', { ...newBuyer, email: 'not-email' })).body.message).toBe(
        'Please enter a valid email address for the buyer.',
      );
      const { rowCount } = await app.db.pool.query(`SELECT 1 FROM users WHERE email LIKE 'x_@example.com'`);
      expect(rowCount).toBe(0);
    });

    it('answers the current user when the buyer starts the project', async () => {
      const answer = await (
        await as(buyer)
      ).post('/api/job/customer/new', {
        first_name: 'Pat',
        last_name: 'Owner',
        phone: '5551234567',
        email: buyer.email,
        customer_name: 'Pat Owner',
        user_id: buyer.userId,
      });
      expect(answer).toMatchObject({ status: 201, body: { customer_id: buyer.userId, customer_name: 'Pat Owner' } });
      expect((await (await as(buyer)).post('/api/job/customer/new', { ...newBuyer, user_id: seller.userId })).status).toBe(400);
    });
  });

  describe('contractor applications', () => {
    const application = {
      company_name: 'Red Canyon Masonry',
      first_name: 'Ola',
      last_name: 'Mason',
      email: 'ola@redcanyon.example',
      phone: '435-555-0100',
      city: 'Moab',
      state: 'UT',
      services: ['Masonry', 'Concrete'],
      message: 'Twenty years of stone work.',
    };

    it('takes an application from anyone and lets an admin approve it into a company and a user', async () => {
      const submitted = await (await as(null)).post('/api/contractor/applications', application);
      expect(submitted).toMatchObject({ status: 201, body: { application_id: expect.any(Number) } });
      const id = submitted.body.application_id;
      expect((await (await as(null)).get('/api/admin/contractor-applications')).status).toBe(401);
      expect((await (await as(seller)).get('/api/admin/contractor-applications')).status).toBe(403);
      const a = await as(admin);
      expect((await a.get('/api/admin/contractor-applications')).body[0]).toMatchObject({ application_id: id, status: 'pending' });
      const approved = await a.post(`/api/admin/contractor-applications/${id}/approve`);
      expect(approved.status).toBe(200);
      expect((await a.get(`/api/company/services/${approved.body.company_id}`)).body).toEqual(['Concrete', 'Masonry']);
      expect(await lastMailTo(app.db.pool, 'ola@redcanyon.example')).toMatchObject({ subject: 'Welcome to Escrow Ledger' });
      expect((await a.post(`/api/admin/contractor-applications/${id}/approve`)).status).toBe(409);
      expect((await a.post(`/api/admin/contractor-applications/${id}/reject`, {})).status).toBe(409);
    });

    it('explains what is missing and refuses states we do not serve', async () => {
      const s = await as(null);
      expect((await s.post('/api/contractor/applications', { ...application, state: 'CA' })).body.message).toBe('Choose a state we serve: AZ, ID, NV or UT.');
      expect((await s.post('/api/contractor/applications', { ...application, zip_code: 'ABCDEFGHIJKLMNOP' })).body.message).toBe(
        'Enter a 5-digit ZIP code, or ZIP+4 like 85013-1234.',
      );
      expect((await s.post('/api/contractor/applications', { ...application, services: [] })).body.message).toBe(
        'Choose at least one service your company offers.',
      );
      expect((await s.post('/api/contractor/applications', { ...application, services: 'Masonry' })).status).toBe(400);
    });
  });

  describe('public forms', () => {
    it('takes an account deletion request, or asks for an email', async () => {
      const s = await as(null);
      expect(await s.post('/api/v2/delete-account-request', { email: '', note: '' })).toMatchObject({
        status: 400,
        body: { message: 'Please enter an email address.' },
      });
      expect(await s.post('/api/v2/delete-account-request', { note: 'bye' })).toMatchObject({
        status: 400,
        body: { message: 'Please enter an email address.' },
      });
      expect(await s.post('/api/v2/delete-account-request', { email: buyer.email, note: 'Moving away' })).toMatchObject({
        status: 200,
        body: { message: 'Request sent.' },
      });
      await afterAnswers(app);
      expect(await lastMailTo(app.db.pool, buyer.email)).toMatchObject({ subject: 'We received your account deletion request' });
    });

    it('takes a contact message and promises an answer within 24 hours', async () => {
      const answer = await (await as(null)).post('/api/contact', { name: 'Kim', email: 'kim@example.com', message: 'Do you work in Boise?' });
      expect(answer).toMatchObject({ status: 201, body: { message: 'Thanks! We will get back to you within 24 hours.' } });
    });
  });
});
