import { type AttachmentView, type CompanyRole, mayDo, type MemberAction } from '@escrow/domain';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { generateSecret } from 'otplib';
import sharp from 'sharp';

import { ACCESS_KEY, COMPANY_ACTION_KEY } from '../../src/identity/access.decorators';
import { OneTimeCodes } from '../../src/identity/one-time-codes';
import { SecondFactors } from '../../src/identity/second-factors';
import { hashSecret, newSecret } from '../../src/identity/tokens';
import { eventually } from '../support/event-store-fixture';
import { type CreatedUser, createUser, enrolTotp, HttpSession, startSession, TEST_PASSWORD, totpCode } from '../support/http-session';
import { multipart, TINY_PDF } from '../support/multipart';
import { SoftPasskey } from '../support/soft-passkey';
import { type Caller, MEMBER_COMPANY_ROLE, type MemberRole, type Role, ROLES, type SecurityWorld, uniqueSuffix } from './security-world.test-kit';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A file a party attaches to a funded milestone as evidence of the work (issue 27). */
async function attach(
  session: HttpSession,
  milestoneId: number,
  bytes: Buffer = Buffer.concat([TINY_PDF, Buffer.from(uniqueSuffix())]),
): Promise<AttachmentView> {
  const upload = multipart(bytes, 'evidence.pdf');
  const answer = await session.request('POST', `/api/milestone/${milestoneId}/attachments?to=completion`, upload.payload, upload.headers);
  if (answer.status !== 201) throw new Error(`attaching evidence failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as AttachmentView;
}

const samplePhotos = new WeakMap<SecurityWorld, Promise<AttachmentView>>();
/**
 * One photo the seller attached to a funded milestone of its own (the world's funded milestone
 * may be completed by other routes' requests, closing its evidence), for the routes that read it.
 */
function samplePhoto(w: SecurityWorld): Promise<AttachmentView> {
  let photo = samplePhotos.get(w);
  if (!photo) {
    photo = Promise.all([
      w.fresh.milestone('funded'),
      sharp({ create: { width: 32, height: 24, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer(),
    ]).then(([milestone, jpeg]) => attach(w.party.seller, milestone, jpeg));
    samplePhotos.set(w, photo);
  }
  return photo;
}

const waitingPayouts = new WeakMap<SecurityWorld, ReturnType<SecurityWorld['fresh']['billed']>>();
/** One progress-billed payout per world waiting for the seller's conditional lien waiver, for the callers refused. */
function waitingPayout(w: SecurityWorld) {
  let billed = waitingPayouts.get(w);
  if (!billed) {
    billed = w.fresh.billed('awaitingWaiver');
    waitingPayouts.set(w, billed);
  }
  return billed;
}
const billingPhotos = new WeakMap<SecurityWorld, Promise<AttachmentView>>();
/** One photo of stored materials the seller uploaded to the world's progress-billed project, for the routes that read it. */
function billingPhoto(w: SecurityWorld): Promise<AttachmentView> {
  let photo = billingPhotos.get(w);
  if (!photo) {
    photo = sharp({ create: { width: 32, height: 24, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer()
      .then(async (jpeg) => {
        const upload = multipart(jpeg, 'stored rebar.jpg');
        const answer = await w.party.seller.request('POST', `/api/job/${w.billing.jobId}/billing/attachments`, upload.payload, upload.headers);
        if (answer.status !== 201) throw new Error(`uploading a billing file failed: ${answer.status} ${JSON.stringify(answer.body)}`);
        return answer.body as AttachmentView;
      });
    billingPhotos.set(w, photo);
  }
  return photo;
}

const retainageDisputes = new WeakMap<SecurityWorld, Promise<{ jobId: number; disputeId: number }>>();
/** One open retainage dispute per world, for the evidence routes (an open dispute takes up to 100 files). */
function retainageDispute(w: SecurityWorld): Promise<{ jobId: number; disputeId: number }> {
  let dispute = retainageDisputes.get(w);
  if (!dispute) {
    dispute = w.fresh.retained('disputed').then(async ({ jobId }) => ({
      jobId,
      disputeId: (await w.party.buyer.get(`/api/job/${jobId}/retainage`)).body.dispute.dispute_id as number,
    }));
    retainageDisputes.set(w, dispute);
  }
  return dispute;
}

/** A file `session` adds to the world's retainage dispute. */
async function attachToRetainageDispute(w: SecurityWorld, session: HttpSession, bytes: Buffer = Buffer.concat([TINY_PDF, Buffer.from(uniqueSuffix())])) {
  const { jobId, disputeId } = await retainageDispute(w);
  const upload = multipart(bytes, 'punch list.pdf');
  const answer = await session.request('POST', `/api/job/${jobId}/retainage/attachments?dispute_id=${disputeId}`, upload.payload, upload.headers);
  if (answer.status !== 201) throw new Error(`attaching retainage evidence failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as AttachmentView;
}

const retainagePhotos = new WeakMap<SecurityWorld, Promise<AttachmentView>>();
function retainagePhoto(w: SecurityWorld): Promise<AttachmentView> {
  let photo = retainagePhotos.get(w);
  if (!photo) {
    photo = sharp({ create: { width: 32, height: 24, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer()
      .then((jpeg) => attachToRetainageDispute(w, w.party.seller, jpeg));
    retainagePhotos.set(w, photo);
  }
  return photo;
}

/** Who the route's guard lets through: anyone, any signed-in user, or admins only. */
type Guard = 'public' | 'user' | 'admin';

export interface RouteRequest {
  /** The path with its parameters filled in, and any query string. */
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Cookies the caller's browser holds besides its session (a pending login). */
  cookies?: Record<string, string>;
}

export interface RouteCase {
  method: Method;
  /** The path as fastify registered it, e.g. `/api/job/:id`. */
  path: string;
  guard: Guard;
  /** The exact status each caller gets for the request below. */
  expect: Record<Role, number>;
  /**
   * What a colleague of the seller gets where it is not what the permission table says (the seller's
   * answer when the role may do the route's action, 403 when not): a route about the caller's own
   * doing that differs by person, never by role.
   */
  members?: Partial<Record<MemberRole, number>>;
  /**
   * A request the allowed callers make successfully. `fresh` is true when the caller is expected
   * to succeed and the request changes something: it then gets a new target of its own (a new
   * milestone, a new code), so cells do not depend on each other's order.
   */
  request(world: SecurityWorld, role: Caller, fresh: boolean): Promise<RouteRequest> | RouteRequest;
  /**
   * Event types a refused request may still append: the record of a failed try that the rules
   * count (a wrong micro-deposit pair, three of which lock the account), like a failed login's.
   */
  refusalRecords?: readonly string[];
  /** What the project's certifier gets, where it is not what another buyer (an outsider without a company) gets. */
  certifier?: number;
}

export const MUTATING: readonly Method[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

// Expectation shorthands. The authorization convention: 401 for anonymous callers of anything
// that needs a user; 403 for signed-in callers without the role, and for signed-in outsiders of
// a project or milestone that exists (404 is kept for ids that do not exist, and for a draft,
// which exists only for the user who started it and for admins until it is submitted). The
// routes of attachments answer outsiders 404 as well (outsidersSeeNothing).
const everyone = (status: number): Record<Role, number> => Object.fromEntries(ROLES.map((r) => [r, status])) as Record<Role, number>;
const signedIn = (status: number): Record<Role, number> => ({ ...everyone(status), anonymous: 401 });
const adminOnly = (status: number): Record<Role, number> => ({ anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: status });
/** The project's buyer and seller; outsiders 403; the admin as given (reads: allowed; acts: 403, admins do not act for a party). */
const parties = (status: number, admin: number, overrides: Partial<Record<Role, number>> = {}): Record<Role, number> => ({
  anonymous: 401,
  buyer: status,
  otherBuyer: 403,
  seller: status,
  otherSeller: 403,
  admin,
  ...overrides,
});

/** Outsiders of a project that exists, where even a 403 would say too much: told it does not exist, as for an id that never was. */
const outsidersSeeNothing: Partial<Record<Role, number>> = { otherBuyer: 404, otherSeller: 404 };

/** Webhook endpoints: company users and admins; users without a company are refused. */
const companyOrAdmin = (status: number): Record<Role, number> => ({
  anonymous: 401,
  buyer: 403,
  otherBuyer: 403,
  seller: status,
  otherSeller: status,
  admin: status,
});
/** The seller company's endpoint: its users and admins; another company's users get 404 (it does not exist for them). */
const sellersEndpoint = (status: number): Record<Role, number> => ({
  anonymous: 401,
  buyer: 403,
  otherBuyer: 403,
  seller: status,
  otherSeller: 404,
  admin: status,
});

/** Members of a company (the seller's and the other seller's); buyers and administrators are none. */
const companyMembers = (status: number): Record<Role, number> => ({
  anonymous: 401,
  buyer: 403,
  otherBuyer: 403,
  seller: status,
  otherSeller: status,
  admin: 403,
});
/** The seller company's own invitation or member: another company's owner is told it does not exist. */
const sellersOnly = (status: number): Record<Role, number> => ({ ...companyMembers(status), otherSeller: 404 });

/** A new invitation of the seller's company, sent by the seller, and the code its mail carries. */
async function sellerInvitation(w: SecurityWorld): Promise<{ invitationId: string; code: string }> {
  const email = `invited-${uniqueSuffix()}@test.escrowledger.test`;
  const sent = await w.party.seller.post('/api/company/invitations', { email, role: 'viewer' });
  if (sent.status !== 201) throw new Error(`inviting failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const { rows } = await w.app.db.pool.query<{ body: string }>('SELECT body FROM mail_outbox WHERE recipient = $1 ORDER BY mail_id DESC LIMIT 1', [email]);
  const code = /\/team\/join\/([A-Za-z0-9_-]+)/.exec(rows[0]?.body ?? '')?.[1];
  if (!code) throw new Error('the invitation mail has no link');
  return { invitationId: sent.body.invitation_id as string, code };
}

/**
 * A new certifier invitation, sent by the buyer to a new address, and its link's code: on a fresh
 * project, since accepting it replaces the certifier (the world's must stay the world's).
 */
async function certifierInvitation(w: SecurityWorld): Promise<string> {
  const email = `certifier-${uniqueSuffix()}@test.escrowledger.test`;
  const sent = await w.party.buyer.post(`/api/job/${(await w.fresh.billed('scheduled')).jobId}/certifier-invitations`, { email });
  if (sent.status !== 201) throw new Error(`inviting a certifier failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const { rows } = await w.app.db.pool.query<{ body: string }>('SELECT body FROM mail_outbox WHERE recipient = $1 ORDER BY mail_id DESC LIMIT 1', [email]);
  const code = /\/certify\/join\/([A-Za-z0-9_-]+)/.exec(rows[0]?.body ?? '')?.[1];
  if (!code) throw new Error('the certifier invitation mail has no link');
  return code;
}

/** A new member of the seller's company (a viewer unless asked). */
function sellerMember(w: SecurityWorld, companyRole: CompanyRole = 'viewer'): Promise<CreatedUser> {
  return createUser(w.app.db.pool, { companyId: w.companies.seller, companyRole });
}

const route = (method: Method, path: string, guard: Guard, expect: Record<Role, number>, request: RouteCase['request']): RouteCase => ({
  method,
  path,
  guard,
  expect,
  request,
});

const newBuyerBody = () => ({
  first_name: 'Nora',
  last_name: 'New',
  phone: '4805550123',
  email: `new-buyer-${uniqueSuffix()}@test.escrowledger.test`,
  customer_name: 'Nora New',
});

/** A resolution proposed by another administrator (an owner of its own), for the world's admin to approve or reject. */
async function proposedBySecondAdmin(w: SecurityWorld, url: string, body: object): Promise<void> {
  const second = await createUser(w.app.db.pool, { role: 'admin' });
  const session = new HttpSession(w.app.http).setCookie('sid', await startSession(w.app.db.pool, second.userId));
  const answer = await session.post(url, body);
  if (answer.status !== 202) throw new Error(`proposing a resolution failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}

export const ROUTE_MATRIX: readonly RouteCase[] = [
  // The OpenAPI document and its browsable page (static files of swagger-ui): public, read-only.
  ...(
    [
      ['GET', '/api/docs', '/api/docs'],
      ['GET', '/api/docs/', '/api/docs/'],
      ['GET', '/api/docs/index.html', '/api/docs/index.html'],
      ['GET', '/api/docs/swagger-ui-init.js', '/api/docs/swagger-ui-init.js'],
      ['GET', '/api/docs/docs/swagger-ui-init.js', '/api/docs/docs/swagger-ui-init.js'],
      ['GET', '/api/docs/*', '/api/docs/swagger-ui.css'],
      ['HEAD', '/api/docs/*', '/api/docs/swagger-ui.css'],
      ['GET', '/api/docs/docs/*', '/api/docs/docs/swagger-ui-bundle.js'],
      ['HEAD', '/api/docs/docs/*', '/api/docs/docs/swagger-ui-bundle.js'],
      ['GET', '/api/docs-json', '/api/docs-json'],
      ['GET', '/api/docs-yaml', '/api/docs-yaml'],
    ] as const
  ).map(([method, path, url]) => route(method as Method, path, 'public', everyone(200), () => ({ url }))),
  // @nestjs/swagger registers it, but swagger-ui-dist's LICENSE is not where it looks.
  route('GET', '/api/docs/LICENSE', 'public', everyone(404), () => ({ url: '/api/docs/LICENSE' })),

  // Health and identity
  route('GET', '/api/health', 'public', everyone(200), () => ({ url: '/api/health' })),
  route('GET', '/api/health/live', 'public', everyone(200), () => ({ url: '/api/health/live' })),
  route('GET', '/api/health/ready', 'public', everyone(200), () => ({ url: '/api/health/ready' })),
  route('GET', '/api/user', 'public', everyone(200), () => ({ url: '/api/user' })),
  route('POST', '/api/auth/login', 'public', everyone(200), (w) => ({
    url: '/api/auth/login',
    body: { email: w.users.loginTarget.email, password: TEST_PASSWORD },
  })),
  route('POST', '/api/auth/logout', 'public', everyone(200), () => ({ url: '/api/auth/logout' })),
  route('POST', '/api/auth/signup', 'public', everyone(201), () => ({
    url: '/api/auth/signup',
    body: {
      first_name: 'Sam',
      last_name: 'Signup',
      phone: '6025550177',
      email: `signup-${uniqueSuffix()}@test.escrowledger.test`,
      password: 'Long-enough-2026',
    },
  })),
  route('POST', '/api/user/password/forgot', 'public', everyone(200), async (w) => ({
    url: '/api/user/password/forgot',
    body: { email: (await w.fresh.user()).email },
  })),
  route('GET', '/api/auth/customer/:code', 'public', everyone(200), async (w) => ({ url: `/api/auth/customer/${await w.fresh.code('password_reset')}` })),
  route('PUT', '/api/user/password/reset', 'public', everyone(200), async (w) => ({
    url: '/api/user/password/reset',
    body: { code: await w.fresh.code('password_reset'), password: 'Brand-new-pass-2026' },
  })),
  route('DELETE', '/api/customer/code/:user_id', 'user', { anonymous: 401, buyer: 200, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 }, (w) => ({
    url: `/api/customer/code/${w.users.buyer.userId}`,
  })),
  route('GET', '/api/auth/invite/:hash', 'public', everyone(200), async (w) => ({ url: `/api/auth/invite/${await w.fresh.code('invitation')}` })),
  route('POST', '/api/auth/invite/:hash', 'public', everyone(200), async (w) => ({
    url: `/api/auth/invite/${await w.fresh.code('invitation')}`,
    body: { password: 'Invited-pass-2026' },
  })),
  route('POST', '/api/v2/delete-account-request', 'public', everyone(200), (w) => ({
    url: '/api/v2/delete-account-request',
    body: { email: w.users.loginTarget.email, note: 'Please delete my data.' },
  })),
  route('POST', '/api/contact', 'public', everyone(201), () => ({
    url: '/api/contact',
    body: { name: 'Casey Contact', email: 'casey@example.com', phone: '6025550188', message: 'Do you serve Flagstaff?' },
  })),

  // Second factors (issue 25): the second step of a login, passkey sign-in, step-up, email links.
  route('POST', '/api/auth/login/second-factor', 'public', everyone(200), async (w) => {
    const { user, secret } = await userWithOwnTotp(w);
    const pending = new HttpSession(w.app.http);
    await pending.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    return { url: '/api/auth/login/second-factor', body: { code: await totpCode(secret) }, cookies: { pending_login: pending.cookie('pending_login')! } };
  }),
  route('POST', '/api/auth/passkey/options', 'public', everyone(200), () => ({ url: '/api/auth/passkey/options' })),
  route('POST', '/api/auth/passkey/login', 'public', everyone(200), async (w) => {
    const { passkey } = await userWithPasskey(w);
    const { options } = (await new HttpSession(w.app.http).post('/api/auth/passkey/options')).body;
    return { url: '/api/auth/passkey/login', body: { response: passkey.authenticate(options) } };
  }),
  route('POST', '/api/auth/step-up', 'user', signedIn(200), async (w, role) => ({
    url: '/api/auth/step-up',
    body: { code: role === 'anonymous' ? '123456' : (await w.app.http.get(SecondFactors).newRecoveryCodes(await withTotp(w, role)))[0] },
  })),
  route('POST', '/api/auth/step-up/passkey/options', 'user', signedIn(200), async (w, role) => {
    if (role !== 'anonymous') await withTotp(w, role);
    return { url: '/api/auth/step-up/passkey/options' };
  }),
  route('POST', '/api/auth/step-up/passkey', 'user', signedIn(200), async (w, role) => {
    if (role === 'anonymous') return { url: '/api/auth/step-up/passkey', body: { response: { id: 'x' } } };
    const client = await w.client(role);
    const passkey = await addPasskey(client);
    const { options } = (await client.post('/api/auth/step-up/passkey/options')).body;
    return { url: '/api/auth/step-up/passkey', body: { response: passkey.authenticate(options) } };
  }),
  route('POST', '/api/auth/email/verify', 'public', everyone(200), async (w) => ({
    url: '/api/auth/email/verify',
    body: { code: await w.app.http.get(OneTimeCodes).issue((await w.fresh.user()).userId, 'email_verification') },
  })),
  route('POST', '/api/auth/email/confirm', 'public', everyone(200), async (w) => ({
    url: '/api/auth/email/confirm',
    body: {
      code: await w.app.http
        .get(OneTimeCodes)
        .issue((await w.fresh.user()).userId, 'email_change', w.app.db.pool, `changed-${uniqueSuffix()}@test.escrowledger.test`),
    },
  })),

  // Directory
  route('GET', '/api/services', 'public', everyone(200), () => ({ url: '/api/services' })),
  route('GET', '/api/company/services/:id', 'public', everyone(200), (w) => ({ url: `/api/company/services/${w.companies.seller}` })),
  route('GET', '/api/company/:id', 'public', everyone(200), (w) => ({ url: `/api/company/${w.companies.seller}` })),
  route('GET', '/api/companies/search', 'public', everyone(200), () => ({ url: '/api/companies/search?state=AZ&service=General%20Contracting' })),
  route('GET', '/api/companies/search/:text', 'user', signedIn(200), () => ({ url: '/api/companies/search/Saguaro?exclude_current_user=true' })),
  // Any signed-in user may find a buyer by the whole phone number: the new-project screen of both
  // kinds of user needs it (docs/product.md#new-project-screen). It answers names only, never emails.
  route('GET', '/api/customer/search/phone/:phone', 'user', signedIn(200), () => ({ url: '/api/customer/search/phone/(602)%20555-0101' })),
  route('POST', '/api/job/customer/new', 'user', signedIn(201), () => ({ url: '/api/job/customer/new', body: newBuyerBody() })),
  route('POST', '/api/contractor/applications', 'public', everyone(201), () => ({
    url: '/api/contractor/applications',
    body: {
      company_name: `Applicant ${uniqueSuffix()}`,
      first_name: 'Ada',
      last_name: 'Applicant',
      email: `applicant-${uniqueSuffix()}@test.escrowledger.test`,
      phone: '4805550199',
      city: 'Tempe',
      state: 'AZ',
      services: ['Roofing'],
    },
  })),
  route('GET', '/api/admin/contractor-applications', 'admin', adminOnly(200), () => ({ url: '/api/admin/contractor-applications' })),
  route('POST', '/api/admin/contractor-applications/:id/approve', 'admin', adminOnly(200), async (w, _r, fresh) => ({
    url: `/api/admin/contractor-applications/${fresh ? await w.fresh.application() : w.applicationId}/approve`,
  })),
  route('POST', '/api/admin/contractor-applications/:id/reject', 'admin', adminOnly(200), async (w, _r, fresh) => ({
    url: `/api/admin/contractor-applications/${fresh ? await w.fresh.application() : w.applicationId}/reject`,
    body: { reason: 'We are not taking new members in this area yet.' },
  })),

  // Bank accounts: the deposit account of a project is its buyer's; everyone else is refused.
  route('GET', '/api/bank-accounts', 'user', signedIn(200), () => ({ url: '/api/bank-accounts' })),
  route('GET', '/api/payments/policy', 'user', signedIn(200), () => ({ url: '/api/payments/policy' })),
  // Payout accounts (issue 25): only the company's own users act on its accounts; another
  // company's users and buyers do not find them. The world's hold is 0 s (choosing an account
  // holds nothing); a change to confirm or undo is made fresh by a colleague of the seller, held
  // for a minute. Another company has no change waiting (409).
  {
    ...route('POST', '/api/bank-accounts/:id/verify', 'user', { ...signedIn(404), seller: 200 }, async (w, _r, fresh) => ({
      url: `/api/bank-accounts/${fresh ? await w.fresh.payoutAccount() : w.bankAccountId}/verify`,
      body: { amounts: ['0.45', '0.32'] },
    })),
    refusalRecords: ['BankAccountVerificationFailed', 'BankAccountLocked'],
  },
  route(
    'POST',
    '/api/bank-accounts/:id/payout',
    'user',
    { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 404, admin: 403 },
    async (w, _r, fresh) => ({ url: `/api/bank-accounts/${fresh ? await w.fresh.payoutAccount(true) : w.bankAccountId}/payout` }),
  ),
  route('DELETE', '/api/bank-accounts/:id', 'user', { ...signedIn(404), seller: 200 }, async (w, _r, fresh) => ({
    url: `/api/bank-accounts/${fresh ? await w.fresh.payoutAccount() : w.bankAccountId}`,
  })),
  ...(['confirm', 'undo'] as const).map((decision) =>
    route(
      'POST',
      `/api/bank-accounts/payout-change/${decision}`,
      'user',
      { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 409, admin: 403 },
      async (w, _r, fresh) => {
        if (fresh) await w.fresh.payoutChange();
        return { url: `/api/bank-accounts/payout-change/${decision}` };
      },
    ),
  ),
  route('GET', '/api/admin/companies/:id/bank-accounts', 'admin', adminOnly(200), (w) => ({ url: `/api/admin/companies/${w.companies.seller}/bank-accounts` })),
  ...(['confirm', 'undo'] as const).map((decision) =>
    route('POST', `/api/admin/companies/:id/payout-change/${decision}`, 'admin', adminOnly(200), async (w, _r, fresh) => {
      if (fresh) await w.fresh.payoutChange();
      return { url: `/api/admin/companies/${w.companies.seller}/payout-change/${decision}` };
    }),
  ),
  route('POST', '/api/bank-accounts', 'user', parties(201, 403, { seller: 403 }), (w) => ({
    url: '/api/bank-accounts',
    body: {
      purpose: 'deposit',
      job_id: w.jobId,
      holder_name: 'Bea Buyer',
      bank_name: 'Desert Bank',
      routing_number: '021000021',
      account_number: '000123456789',
    },
  })),

  // Projects. A seller starts a project for a buyer; buyers, outsiders and admins cannot start one in the seller's name.
  route('GET', '/api/forms/jobs/new-job-form', 'user', { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 200, admin: 403 }, () => ({
    url: '/api/forms/jobs/new-job-form?customer=false',
  })),
  route('POST', '/api/job/basic', 'user', { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 201, otherSeller: 403, admin: 403 }, (w) => ({
    url: '/api/job/basic',
    body: {
      customer_id: w.users.buyer.userId,
      customer_name: 'Bea Buyer',
      service: 'General Contracting',
      primary_company_id: w.companies.seller,
      customerInitiated: false,
    },
  })),
  // Only the user who started a draft sees it and changes it: the buyer of a seller-started draft
  // does not see it yet (404); an admin sees it but does not act for a party (403).
  // A colleague of the seller whose role may edit projects does not see the seller's draft either:
  // a draft is its starter's, whatever the role (404).
  {
    ...route('PUT', '/api/job/basic', 'user', { anonymous: 401, buyer: 404, otherBuyer: 404, seller: 200, otherSeller: 404, admin: 403 }, (w) => ({
      url: '/api/job/basic',
      body: {
        state: {
          job_id: w.draftJobId,
          customer_id: w.users.buyer.userId,
          service: 'General Contracting',
          primary_company_id: w.companies.seller,
          customerInitiated: false,
        },
      },
    })),
    members: { sellerProjectManager: 404 },
  },
  {
    ...route(
      'PUT',
      '/api/job/:id/draft',
      'user',
      { anonymous: 401, buyer: 404, otherBuyer: 404, seller: 200, otherSeller: 404, admin: 403 },
      async (w, _r, fresh) => {
        const projectId = fresh ? await w.fresh.project({ draft: true, withMilestone: true }) : w.draftJobId;
        return { url: `/api/job/${projectId}/draft`, body: { isDraft: false, job_id: projectId } };
      },
    ),
    members: { sellerProjectManager: 404 },
  },
  {
    ...route(
      'DELETE',
      '/api/job/:id',
      'user',
      { anonymous: 401, buyer: 404, otherBuyer: 404, seller: 200, otherSeller: 404, admin: 403 },
      async (w, _r, fresh) => {
        const projectId = fresh ? await w.fresh.project({ draft: true }) : w.draftJobId;
        return { url: `/api/job/${projectId}` };
      },
    ),
    members: { sellerProjectManager: 404 },
  },
  route('GET', '/api/projects', 'user', signedIn(200), () => ({ url: '/api/projects' })),
  route('GET', '/api/job/:id', 'user', parties(200, 200), (w) => ({ url: `/api/job/${w.jobId}` })),
  route('GET', '/api/job/:id/payments', 'user', parties(200, 200), (w) => ({ url: `/api/job/${w.jobId}/payments` })),
  route('GET', '/api/job/:id/history', 'user', parties(200, 200), (w) => ({ url: `/api/job/${w.jobId}/history` })),
  route('GET', '/api/job/:id/agreement', 'user', parties(200, 200), (w) => ({ url: `/api/job/${w.jobId}/agreement` })),
  // Always a project nobody signed yet: a refused signature must not leave the agreement's text behind.
  route('POST', '/api/job/:id/agreement/sign', 'user', parties(200, 403), async (w, role) => {
    const projectId = await w.fresh.project();
    const { body } = await w.party.buyer.get(`/api/job/${projectId}/agreement`);
    // Each caller signs with their own legal name, so only the access rules decide the answer.
    const own =
      role === 'anonymous'
        ? null
        : (await w.app.db.pool.query<{ name: string }>(`SELECT first_name || ' ' || last_name AS name FROM users WHERE user_id = $1`, [w.users[role].userId]))
            .rows[0]!.name;
    return {
      url: `/api/job/${projectId}/agreement/sign`,
      body: { signer_type: role === 'seller' ? 'company' : 'customer', signed_name: own ?? 'Signing Person', agreement_hash: body.agreement_hash },
    };
  }),
  route('GET', '/api/agreements/:name', 'user', parties(200, 200), (w) => ({ url: `/api/agreements/${w.contractName}` })),

  // Milestones: the parties act; an admin reads but never acts for a party.
  route('GET', '/api/job/:id/milestones', 'user', parties(200, 200), (w) => ({ url: `/api/job/${w.jobId}/milestones` })),
  route('GET', '/api/milestones/form/job/:id', 'user', parties(200, 200), (w) => ({ url: `/api/milestones/form/job/${w.jobId}` })),
  route('GET', '/api/milestone/:id/payees', 'user', parties(200, 200), (w) => ({ url: `/api/milestone/${w.milestones.paid}/payees` })),
  route('GET', '/api/milestone/:id/edits', 'user', parties(200, 200), (w) => ({ url: `/api/milestone/${w.milestones.paid}/edits` })),
  route('GET', '/api/milestone/:id/deposits', 'user', parties(200, 200), (w) => ({ url: `/api/milestone/${w.milestones.paid}/deposits` })),
  route('GET', '/api/milestone/:id/disbursements', 'user', parties(200, 200), (w) => ({ url: `/api/milestone/${w.milestones.paid}/disbursements` })),
  route('POST', '/api/milestone', 'user', parties(201, 403), (w) => ({
    url: '/api/milestone',
    body: {
      job_id: w.jobId,
      title: 'Drywall',
      definition: 'Hung, taped and sanded.',
      position: 2,
      payees: [{ jc_id: w.companies.seller, type: 'fixed', amount: '500.00', includeFee: false }],
    },
  })),
  route('POST', '/api/milestone/approval', 'user', parties(200, 403), async (w, _r, fresh) => ({
    url: '/api/milestone/approval',
    body: { milestone_id: fresh ? await w.fresh.milestone('proposed') : w.milestones.proposed, approve: true },
  })),
  route('PUT', '/api/milestone/:id/complete', 'user', parties(200, 403), async (w, _r, fresh) => ({
    url: `/api/milestone/${fresh ? await w.fresh.milestone('funded') : w.milestones.funded}/complete`,
    body: { complete: true },
  })),
  // Only the buyer deposits (the seller's 403 is the escrow rule of docs/product.md#who-does-what-on-a-milestone).
  route('POST', '/api/milestone/deposit', 'user', parties(201, 403, { seller: 403 }), async (w, _r, fresh) => ({
    url: '/api/milestone/deposit',
    body: { milestone_id: fresh ? await w.fresh.milestone('approved') : w.milestones.approved },
  })),
  route('POST', '/api/milestone/:id/dispute', 'user', parties(201, 403), async (w, _r, fresh) => ({
    url: `/api/milestone/${fresh ? await w.fresh.milestone('funded') : w.milestones.funded}/dispute`,
    body: { statement: 'The tiles are cracked.' },
  })),
  // The party that did not open the dispute responds: each allowed caller gets a dispute the other side opened.
  route('POST', '/api/milestone/:id/dispute/respond', 'user', parties(200, 403), async (w, role, fresh) => ({
    url: `/api/milestone/${fresh ? await w.fresh.milestone('disputed', { disputeOpenedBy: role === 'buyer' ? 'seller' : 'buyer' }) : w.milestones.disputed}/dispute/respond`,
    body: { statement: 'We will fix it next week.' },
  })),
  // Only the buyer claims the refund the promise speaks of (docs/product.md#deadline-refund).
  route('POST', '/api/milestone/:id/refund-claim', 'user', parties(200, 403, { seller: 403 }), async (w, _r, fresh) => ({
    url: `/api/milestone/${fresh ? await w.fresh.milestone('funded') : w.milestones.funded}/refund-claim`,
  })),

  // Evidence (issue 27): the parties attach and read; an admin reads (and attaches only to a dispute);
  // only the person who attached a file removes it. Outsiders are told the milestone does not
  // exist (issue 35: a 403 would tell them it does), on every route of its files.
  route('GET', '/api/milestone/:id/attachments', 'user', parties(200, 200, outsidersSeeNothing), (w) => ({
    url: `/api/milestone/${w.milestones.funded}/attachments`,
  })),
  route('POST', '/api/milestone/:id/attachments', 'user', parties(201, 403, outsidersSeeNothing), async (w, _r, fresh) => {
    const upload = multipart(Buffer.concat([TINY_PDF, Buffer.from(uniqueSuffix())]), 'inspection.pdf');
    const milestone = fresh ? await w.fresh.milestone('funded') : w.milestones.funded;
    return { url: `/api/milestone/${milestone}/attachments?to=completion`, body: upload.payload, headers: upload.headers };
  }),
  route('GET', '/api/milestone/:id/attachments/:attachmentId/file', 'user', parties(200, 200, outsidersSeeNothing), async (w) => ({
    url: (await samplePhoto(w)).download_url,
  })),
  route('GET', '/api/milestone/:id/attachments/:attachmentId/thumbnail', 'user', parties(200, 200, outsidersSeeNothing), async (w) => ({
    url: (await samplePhoto(w)).thumbnail_url!,
  })),
  route('DELETE', '/api/milestone/:id/attachments/:attachmentId', 'user', parties(200, 403, outsidersSeeNothing), async (w, role, fresh) => {
    // Only who attached a file removes it: each allowed caller removes one of its own.
    const own = fresh && role !== 'anonymous' ? await attach(await w.client(role), await w.fresh.milestone('funded')) : await samplePhoto(w);
    return { url: `/api/milestone/${own.original_id}/attachments/${own.attachment_id}` };
  }),

  // Evidence in a retainage dispute: both parties and an admin attach and read; outsiders are told the project does not exist.
  route('GET', '/api/job/:id/retainage/attachments', 'user', parties(200, 200, outsidersSeeNothing), async (w) => ({
    url: `/api/job/${(await retainageDispute(w)).jobId}/retainage/attachments`,
  })),
  route('POST', '/api/job/:id/retainage/attachments', 'user', parties(201, 201, outsidersSeeNothing), async (w) => {
    const { jobId, disputeId } = await retainageDispute(w);
    const upload = multipart(Buffer.concat([TINY_PDF, Buffer.from(uniqueSuffix())]), 'inspection.pdf');
    return { url: `/api/job/${jobId}/retainage/attachments?dispute_id=${disputeId}`, body: upload.payload, headers: upload.headers };
  }),
  route('GET', '/api/job/:id/retainage/attachments/:attachmentId/file', 'user', parties(200, 200, outsidersSeeNothing), async (w) => ({
    url: (await retainagePhoto(w)).download_url,
  })),
  route('GET', '/api/job/:id/retainage/attachments/:attachmentId/thumbnail', 'user', parties(200, 200, outsidersSeeNothing), async (w) => ({
    url: (await retainagePhoto(w)).thumbnail_url!,
  })),
  route('DELETE', '/api/job/:id/retainage/attachments/:attachmentId', 'user', parties(200, 403, outsidersSeeNothing), async (w, role, fresh) => {
    const own = fresh && role !== 'anonymous' ? await attachToRetainageDispute(w, await w.client(role)) : await retainagePhoto(w);
    return { url: `/api/job/${(await retainageDispute(w)).jobId}/retainage/attachments/${own.attachment_id}` };
  }),

  // Retainage and lien waivers (issue 17). The project's terms and its release: the parties act, an admin reads.
  route('GET', '/api/job/:id/retainage', 'user', parties(200, 200), (w) => ({ url: `/api/job/${w.retained.jobId}/retainage` })),
  // The terms it already has: setting them again changes nothing (new terms would reach later milestones).
  route('PUT', '/api/job/:id/terms', 'user', parties(200, 403), (w) => ({
    url: `/api/job/${w.retained.jobId}/terms`,
    body: { retainage_percent: '5', site_state: 'AZ' },
  })),
  route('POST', '/api/job/:id/retainage/request', 'user', parties(200, 403), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.retained('paidOut')).jobId : w.retained.jobId}/retainage/request`,
  })),
  // The party that did not ask approves: each allowed caller gets a release the other side asked for.
  route('POST', '/api/job/:id/retainage/approve', 'user', parties(200, 403), async (w, role, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.retained(role === 'buyer' ? 'requestedBySeller' : 'requestedByBuyer')).jobId : w.retained.jobId}/retainage/approve`,
  })),
  route('POST', '/api/job/:id/retainage/dispute', 'user', parties(200, 403), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.retained('paidOut')).jobId : w.retained.jobId}/retainage/dispute`,
    body: { statement: 'The punch list is not done.' },
  })),
  // The world's FOUR_EYES_ABOVE is 0.00: every resolution is a proposal (202) a second administrator approves or rejects.
  route('POST', '/api/admin/job/:id/retainage/resolve', 'admin', adminOnly(202), async (w, _r, fresh) => ({
    url: `/api/admin/job/${fresh ? (await w.fresh.retained('disputed')).jobId : w.retained.jobId}/retainage/resolve`,
    body: { resolution: 'release', note: 'Punch list checked.' },
  })),
  ...(['approve', 'reject'] as const).map((decision) =>
    route('POST', `/api/admin/job/:id/retainage/resolution/${decision}`, 'admin', adminOnly(200), async (w, _r, fresh) => {
      if (!fresh) return { url: `/api/admin/job/${w.retained.jobId}/retainage/resolution/${decision}`, body: {} };
      const { jobId: projectId } = await w.fresh.retained('disputed');
      await proposedBySecondAdmin(w, `/api/admin/job/${projectId}/retainage/resolve`, { resolution: 'release', note: 'Punch list checked.' });
      return { url: `/api/admin/job/${projectId}/retainage/resolution/${decision}`, body: { note: 'Checked twice.' } };
    }),
  ),
  // Progress billing (issue 38). The parties act (the seller bills, the buyer approves and certifies), an admin reads and never acts.
  // A draft exists only for the seller who started it: the buyer and outsiders are told it does not exist.
  {
    ...route(
      'PUT',
      '/api/job/:id/billing',
      'user',
      { anonymous: 401, buyer: 404, otherBuyer: 404, seller: 200, otherSeller: 404, admin: 403 },
      async (w, _r, fresh) => ({
        url: `/api/job/${fresh ? (await w.fresh.billed('draft')).jobId : w.billing.draftJobId}/billing`,
        body: { method: 'progress' },
      }),
    ),
    // The seller's project manager did not start the draft: it does not exist for them (as for PUT /api/job/:id/draft).
    members: { sellerProjectManager: 404 },
  },
  { ...route('GET', '/api/job/:id/schedule', 'user', parties(200, 200), (w) => ({ url: `/api/job/${w.billing.jobId}/schedule` })), certifier: 200 },
  route('POST', '/api/job/:id/schedule', 'user', parties(201, 403, { buyer: 403 }), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.billed('submitted')).jobId : w.billing.jobId}/schedule`,
    body: { lines: [{ number: '1', description: 'Site work', scheduled_value: '900.00', payee_id: w.companies.seller, retainage: { rate: '10' } }] },
  })),
  ...(['approve', 'reject'] as const).map((decision) =>
    route('POST', `/api/job/:id/schedule/:versionId/${decision}`, 'user', parties(200, 403, { seller: 403 }), async (w, _r, fresh) => {
      const target = fresh ? await w.fresh.billed('proposed') : w.billing;
      return {
        url: `/api/job/${target.jobId}/schedule/${target.versionId}/${decision}`,
        body: decision === 'reject' ? { reason: 'Split the site work.' } : {},
      };
    }),
  ),
  route('PUT', '/api/job/:id/certifier', 'user', parties(200, 403, { seller: 403 }), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.billed('scheduled')).jobId : w.billing.jobId}/certifier`,
    body: { user_id: w.billing.certifierId },
  })),
  // The buyer invites a certifier by email; the link's landing is public, and accepting it is the invited address's alone.
  route('POST', '/api/job/:id/certifier-invitations', 'user', parties(201, 403, { seller: 403 }), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.billed('scheduled')).jobId : w.billing.jobId}/certifier-invitations`,
    body: { email: `certifier-${uniqueSuffix()}@test.escrowledger.test` },
  })),
  // The buyer's list of invitations (the addresses are theirs), and withdrawing a pending one.
  route('GET', '/api/job/:id/certifier-invitations', 'user', parties(200, 403, { seller: 403 }), (w) => ({
    url: `/api/job/${w.billing.jobId}/certifier-invitations`,
  })),
  route('DELETE', '/api/job/:id/certifier-invitations/:invitationId', 'user', parties(204, 403, { seller: 403 }), async (w, _r, fresh) => {
    if (!fresh) return { url: `/api/job/${w.billing.jobId}/certifier-invitations/00000000-0000-4000-8000-000000000000` };
    const jobId = (await w.fresh.billed('scheduled')).jobId;
    const sent = await w.party.buyer.post(`/api/job/${jobId}/certifier-invitations`, { email: `certifier-${uniqueSuffix()}@test.escrowledger.test` });
    if (sent.status !== 201) throw new Error(`inviting a certifier failed: ${sent.status} ${JSON.stringify(sent.body)}`);
    return { url: `/api/job/${jobId}/certifier-invitations/${sent.body.invitation_id as string}` };
  }),
  route('GET', '/api/certifier-invitations/:code', 'public', everyone(200), async (w) => ({
    url: `/api/certifier-invitations/${await certifierInvitation(w)}`,
  })),
  route('POST', '/api/certifier-invitations/:code/accept', 'public', { ...signedIn(403), anonymous: 200 }, async (w) => ({
    url: `/api/certifier-invitations/${await certifierInvitation(w)}/accept`,
    body: { first_name: 'Ivy', last_name: 'Inspector', password: TEST_PASSWORD },
  })),
  route('DELETE', '/api/job/:id/certifier', 'user', parties(200, 403, { seller: 403 }), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.billed('certifierNamed')).jobId : w.billing.jobId}/certifier`,
  })),
  {
    ...route('GET', '/api/job/:id/pay-applications', 'user', parties(200, 200), (w) => ({ url: `/api/job/${w.billing.jobId}/pay-applications` })),
    certifier: 200,
  },
  {
    ...route('GET', '/api/job/:id/pay-applications/:number', 'user', parties(200, 200), (w) => ({ url: `/api/job/${w.billing.jobId}/pay-applications/1` })),
    certifier: 200,
  },
  {
    ...route('GET', '/api/job/:id/pay-applications/:number/csv', 'user', parties(200, 200), (w) => ({
      url: `/api/job/${w.billing.jobId}/pay-applications/1/csv`,
    })),
    certifier: 200,
  },
  {
    ...route('GET', '/api/job/:id/pay-applications/:number/pdf', 'user', parties(200, 200), (w) => ({
      url: `/api/job/${w.billing.jobId}/pay-applications/1/pdf`,
    })),
    certifier: 200,
  },
  route('POST', '/api/job/:id/pay-applications', 'user', parties(201, 403, { buyer: 403 }), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.billed('scheduled')).jobId : w.billing.jobId}/pay-applications`,
    body: { period_to: '2026-11-30', lines: [{ line: '1', work_amount: '250.00' }] },
  })),
  route('POST', '/api/job/:id/pay-applications/:number/revise', 'user', parties(200, 403, { buyer: 403 }), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.billed('applied')).jobId : w.billing.jobId}/pay-applications/1/revise`,
    body: { lines: [{ line: '1', work_amount: '350.00' }] },
  })),
  // Certifying asks for a step-up (every caller's session here has one); the seller never certifies; the certifier does.
  {
    ...route('POST', '/api/job/:id/pay-applications/:number/certify', 'user', parties(200, 403, { seller: 403 }), async (w, _r, fresh) => ({
      url: `/api/job/${fresh ? (await w.fresh.billed('applied')).jobId : w.billing.jobId}/pay-applications/1/certify`,
      body: { revision: 1, lines: [{ line: '1', decision: 'as_billed' }] },
    })),
    certifier: 200,
  },
  // Files of the billing (invoices, photos, change-order drawings): the parties upload; they, the certifier and admins read; outsiders are told the project does not exist.
  {
    ...route('GET', '/api/job/:id/billing/attachments', 'user', parties(200, 200, outsidersSeeNothing), (w) => ({
      url: `/api/job/${w.billing.jobId}/billing/attachments`,
    })),
    certifier: 200,
  },
  {
    ...route('POST', '/api/job/:id/billing/attachments', 'user', parties(201, 403, outsidersSeeNothing), (w) => {
      const upload = multipart(Buffer.concat([TINY_PDF, Buffer.from(uniqueSuffix())]), 'invoice.pdf');
      return { url: `/api/job/${w.billing.jobId}/billing/attachments`, body: upload.payload, headers: upload.headers };
    }),
    certifier: 403,
  },
  {
    ...route('GET', '/api/job/:id/billing/attachments/:attachmentId/file', 'user', parties(200, 200, outsidersSeeNothing), async (w) => ({
      url: (await billingPhoto(w)).download_url,
    })),
    certifier: 200,
  },
  {
    ...route('GET', '/api/job/:id/billing/attachments/:attachmentId/thumbnail', 'user', parties(200, 200, outsidersSeeNothing), async (w) => ({
      url: (await billingPhoto(w)).thumbnail_url!,
    })),
    certifier: 200,
  },
  // Only the buyer deposits into the project's escrow balance, as on a milestone.
  route('POST', '/api/job/:id/billing/deposits', 'user', parties(201, 403, { seller: 403 }), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.billed('signed')).jobId : w.billing.jobId}/billing/deposits`,
    body: { amount: '100.00' },
  })),
  // Unused escrow funds back to the buyer: the buyer asks; beyond the surplus the seller approves or declines.
  route('POST', '/api/job/:id/billing/balance-returns', 'user', parties(201, 403, { seller: 403 }), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.billed('funded')).jobId : w.billing.jobId}/billing/balance-returns`,
    body: { amount: '100.00' },
  })),
  route('POST', '/api/job/:id/billing/balance-returns/:returnId/approve', 'user', parties(200, 403, { buyer: 403 }), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.billed('returnAsked')).jobId : w.billing.jobId}/billing/balance-returns/1/approve`,
  })),
  route('POST', '/api/job/:id/billing/balance-returns/:returnId/decline', 'user', parties(200, 403, { buyer: 403 }), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.billed('returnAsked')).jobId : w.billing.jobId}/billing/balance-returns/1/decline`,
    body: { reason: 'We finish the work.' },
  })),
  route('POST', '/api/job/:id/pay-applications/:number/accept', 'user', parties(200, 403, { buyer: 403 }), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.billed('certified')).jobId : w.billing.jobId}/pay-applications/1/accept`,
    body: { revision: 1 },
  })),
  // The retainage release at substantial completion: either party asks, the other approves; an admin or the certifier never acts.
  route('POST', '/api/job/:id/billing/retainage/request', 'user', parties(200, 403), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.billed('retained')).jobId : w.billing.jobId}/billing/retainage/request`,
  })),
  route('POST', '/api/job/:id/billing/retainage/approve', 'user', parties(200, 403), async (w, role, fresh) => {
    const asked = role === 'buyer' ? 'releaseRequestedBySeller' : 'releaseRequestedByBuyer';
    return { url: `/api/job/${fresh ? (await w.fresh.billed(asked)).jobId : w.billing.jobId}/billing/retainage/approve` };
  }),
  route('POST', '/api/job/:id/change-orders', 'user', parties(201, 403), async (w, _r, fresh) => ({
    url: `/api/job/${fresh ? (await w.fresh.billed('scheduled')).jobId : w.billing.jobId}/change-orders`,
    body: { reason: 'A larger site.', changes: [{ line: '1', scheduled_value: '1200.00' }] },
  })),
  // The seller proposed the world's change order: its own approval is refused (409); the buyer approves a fresh one.
  route('POST', '/api/job/:id/change-orders/:changeOrderId/approve', 'user', parties(200, 403, { seller: 409 }), async (w, _r, fresh) => {
    const target = fresh ? await w.fresh.billed('changeOrder') : w.billing;
    return { url: `/api/job/${target.jobId}/change-orders/${target.changeOrderId}/approve` };
  }),
  // The buyer rejects it, the seller withdraws it.
  route('POST', '/api/job/:id/change-orders/:changeOrderId/reject', 'user', parties(200, 403), async (w, _r, fresh) => {
    const target = fresh ? await w.fresh.billed('changeOrder') : w.billing;
    return { url: `/api/job/${target.jobId}/change-orders/${target.changeOrderId}/reject`, body: { reason: 'Not now.' } };
  }),
  // Waivers: the parties and admins read them; only the payee company's users sign (here the seller is the payee).
  route('GET', '/api/milestone/:id/waivers', 'user', parties(200, 200), (w) => ({ url: `/api/milestone/${w.retained.milestone}/waivers` })),
  route(
    'POST',
    '/api/milestone/:id/waivers/sign',
    'user',
    { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 403, admin: 403 },
    async (w, role, fresh) => {
      const mId = fresh ? (await w.fresh.retained('awaitingWaiver')).milestone : w.retained.milestone;
      const [waiver] = (await w.party.seller.get(`/api/milestone/${mId}/waivers`)).body as {
        payment: string;
        mp_id: number;
        kind: string;
        waiver_hash: string;
      }[];
      return {
        url: `/api/milestone/${mId}/waivers/sign`,
        body: {
          payment: waiver!.payment,
          mp_id: waiver!.mp_id,
          kind: 'conditional',
          // Each signs with their own legal name, so only the access rules decide the answer.
          signed_name: (role === 'anonymous' ? w.users.seller : w.users[role]).name,
          waiver_hash: waiver!.waiver_hash ?? 'a'.repeat(64),
        },
      };
    },
  ),
  // A progress-billed payout's waiver: the same who as a milestone's (the seller is the payee).
  route(
    'POST',
    '/api/job/:id/billing/waivers/sign',
    'user',
    { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 403, admin: 403 },
    async (w, role, fresh) => {
      const target = fresh ? await w.fresh.billed('awaitingWaiver') : await waitingPayout(w);
      const waivers = (await w.party.seller.get('/api/waivers')).body as { job_id: number; payout_id: number | null; waiver_hash: string | null }[];
      const waiver = waivers.find((x) => x.job_id === target.jobId && x.payout_id === target.payoutId);
      return {
        url: `/api/job/${target.jobId}/billing/waivers/sign`,
        body: {
          payout_id: target.payoutId,
          kind: 'conditional',
          signed_name: (role === 'anonymous' ? w.users.seller : w.users[role]).name,
          waiver_hash: waiver?.waiver_hash ?? 'a'.repeat(64),
        },
      };
    },
  ),
  route('GET', '/api/waivers', 'user', { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 200, admin: 403 }, () => ({
    url: '/api/waivers',
  })),
  // Outsiders do not learn that a waiver exists.
  route('GET', '/api/waivers/:name', 'user', parties(200, 200, { otherBuyer: 404, otherSeller: 404 }), (w) => ({
    url: `/api/waivers/${w.retained.waiverName}`,
  })),
  route('GET', '/api/admin/reports/missing-waivers', 'admin', adminOnly(200), () => ({ url: '/api/admin/reports/missing-waivers' })),

  // Admin console
  route('GET', '/api/admin/disputes', 'admin', adminOnly(200), () => ({ url: '/api/admin/disputes?status=open' })),
  route('POST', '/api/admin/milestones/:id/dispute/resolve', 'admin', adminOnly(202), async (w, _r, fresh) => ({
    url: `/api/admin/milestones/${fresh ? await w.fresh.milestone('disputed') : w.milestones.disputed}/dispute/resolve`,
    body: { resolution: 'release', note: 'Work verified on site.' },
  })),
  ...(['approve', 'reject'] as const).map((decision) =>
    route('POST', `/api/admin/milestones/:id/dispute/resolution/${decision}`, 'admin', adminOnly(200), async (w, _r, fresh) => {
      if (!fresh) return { url: `/api/admin/milestones/${w.milestones.disputed}/dispute/resolution/${decision}`, body: {} };
      const milestone = await w.fresh.milestone('disputed');
      await proposedBySecondAdmin(w, `/api/admin/milestones/${milestone}/dispute/resolve`, { resolution: 'release', note: 'Work verified on site.' });
      return { url: `/api/admin/milestones/${milestone}/dispute/resolution/${decision}`, body: { note: 'Checked twice.' } };
    }),
  ),
  route('GET', '/api/admin/dashboard', 'admin', adminOnly(200), () => ({ url: '/api/admin/dashboard' })),
  route('GET', '/api/admin/retainage-disputes', 'admin', adminOnly(200), () => ({ url: '/api/admin/retainage-disputes' })),
  route('GET', '/api/admin/payments', 'admin', adminOnly(200), () => ({ url: '/api/admin/payments?kind=deposit&status=settled' })),
  route('GET', '/api/admin/reports', 'admin', adminOnly(200), () => ({ url: '/api/admin/reports' })),
  route('GET', '/api/admin/reports/csv', 'admin', adminOnly(200), () => ({ url: '/api/admin/reports/csv?report=monthly' })),
  route('GET', '/api/admin/projects', 'admin', adminOnly(200), () => ({ url: '/api/admin/projects?search=General' })),
  route('GET', '/api/admin/job/:id', 'admin', adminOnly(200), (w) => ({ url: `/api/admin/job/${w.jobId}` })),
  route('GET', '/api/admin/job/:id/ledger', 'admin', adminOnly(200), (w) => ({ url: `/api/admin/job/${w.jobId}/ledger?milestone=${w.milestones.paid}` })),
  route('GET', '/api/admin/job/:id/events', 'admin', adminOnly(200), (w) => ({ url: `/api/admin/job/${w.jobId}/events` })),
  route('GET', '/api/admin/job/:id/as-of', 'admin', adminOnly(200), (w) => ({
    url: `/api/admin/job/${w.jobId}/as-of?at=${encodeURIComponent(new Date().toISOString())}`,
  })),
  route('GET', '/api/admin/job/:id/contracts', 'admin', adminOnly(200), (w) => ({ url: `/api/admin/job/${w.jobId}/contracts` })),
  route('GET', '/api/admin/users', 'admin', adminOnly(200), () => ({ url: '/api/admin/users?search=Buyer' })),
  route('GET', '/api/admin/companies', 'admin', adminOnly(200), () => ({ url: '/api/admin/companies' })),
  // The world's admin is an owner; each role's cells are in src/admin/admin-roles.e2e.spec.ts.
  route('PUT', '/api/admin/users/:id/admin-role', 'admin', adminOnly(200), async (w) => ({
    url: `/api/admin/users/${(await w.fresh.user()).userId}/admin-role`,
    body: { role: 'support' },
  })),
  route('PUT', '/api/admin/companies/:id', 'admin', adminOnly(200), (w) => ({
    url: `/api/admin/companies/${w.companies.payee}`,
    body: { bio: 'Licensed plumbers since 1999.' },
  })),
  route('GET', '/api/admin/projections', 'admin', adminOnly(200), () => ({ url: '/api/admin/projections' })),
  // A rebuild runs on after the answer; a second one while it runs is a 409, so a fresh cell waits for the last one.
  route('POST', '/api/admin/projections/:name/rebuild', 'admin', adminOnly(202), async (w, _r, fresh) => {
    if (fresh) {
      const admin = await w.client('admin');
      await eventually(
        () => admin.get('/api/admin/projections'),
        (a) => Array.isArray(a.body) && !a.body.some((p: { rebuilding_here: boolean }) => p.rebuilding_here),
        60_000,
      );
    }
    return { url: '/api/admin/projections/ledger/rebuild' };
  }),
  route('GET', '/api/admin/projections/:name/dead-letters', 'admin', adminOnly(200), () => ({ url: '/api/admin/projections/ledger/dead-letters' })),
  route('POST', '/api/admin/projections/:name/resume', 'admin', adminOnly(200), () => ({ url: '/api/admin/projections/ledger/resume' })),

  // Proof for auditors: the hash chain check and signed exports.
  route('GET', '/api/admin/integrity/chain-checks', 'admin', adminOnly(200), () => ({ url: '/api/admin/integrity/chain-checks' })),
  // A check runs on after the answer; a second one while it runs is a 409, so a fresh cell waits for the last one.
  route('POST', '/api/admin/integrity/chain-checks', 'admin', adminOnly(202), async (w, _r, fresh) => {
    if (fresh) {
      const admin = await w.client('admin');
      await eventually(
        () => admin.get('/api/admin/integrity/chain-checks'),
        (a) => a.body?.running === false,
        60_000,
      );
    }
    return { url: '/api/admin/integrity/chain-checks' };
  }),
  route('GET', '/api/admin/audit/signing-key', 'admin', adminOnly(200), () => ({ url: '/api/admin/audit/signing-key' })),
  route('GET', '/api/admin/audit/projects/:id/bundle', 'admin', adminOnly(200), (w) => ({ url: `/api/admin/audit/projects/${w.jobId}/bundle` })),
  route('GET', '/api/admin/audit/bundle', 'admin', adminOnly(200), () => ({
    url: `/api/admin/audit/bundle?from=2026-01-01&to=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`,
  })),

  // Teams (issue 37): a company's members see its team; its owners invite, change roles and remove
  // (step-up); another company's invitations and members do not exist for them (404); buyers and
  // administrators are no members (403); support manages invitations from the console.
  route('GET', '/api/company/team', 'user', companyMembers(200), () => ({ url: '/api/company/team' })),
  route('POST', '/api/company/invitations', 'user', companyMembers(201), () => ({
    url: '/api/company/invitations',
    body: { email: `invited-${uniqueSuffix()}@test.escrowledger.test`, role: 'viewer' },
  })),
  route('POST', '/api/company/invitations/:invitationId/resend', 'user', sellersOnly(200), async (w) => ({
    url: `/api/company/invitations/${(await sellerInvitation(w)).invitationId}/resend`,
  })),
  route('DELETE', '/api/company/invitations/:invitationId', 'user', sellersOnly(204), async (w) => ({
    url: `/api/company/invitations/${(await sellerInvitation(w)).invitationId}`,
  })),
  route('PATCH', '/api/company/members/:userId', 'user', sellersOnly(200), async (w) => ({
    url: `/api/company/members/${(await sellerMember(w)).userId}`,
    body: { role: 'finance' },
  })),
  route('DELETE', '/api/company/members/:userId', 'user', sellersOnly(204), async (w) => ({
    url: `/api/company/members/${(await sellerMember(w)).userId}`,
  })),
  // The seller is its company's only owner: it may not leave (409); a fresh member of its company leaves.
  // The seller's colleagues are no last owner: each leaves (a new colleague in the same role, so the world's stays).
  {
    ...route('POST', '/api/company/leave', 'user', { ...companyMembers(409), seller: 204 }, async (w, role, fresh) => ({
      url: '/api/company/leave',
      ...(fresh && (role === 'seller' || role in MEMBER_COMPANY_ROLE)
        ? { cookies: { sid: await startSession(w.app.db.pool, (await sellerMember(w, MEMBER_COMPANY_ROLE[role as MemberRole] ?? 'viewer')).userId) } }
        : {}),
    })),
    members: { sellerFinance: 204, sellerProjectManager: 204, sellerViewer: 204 },
  },
  route('PUT', '/api/company/signing-policy', 'user', companyMembers(200), () => ({
    url: '/api/company/signing-policy',
    body: { signing_policy: 'owner_only' },
  })),
  // The invitation's landing page: public; accepting makes a new account, refused to anyone signed in as another address.
  route('GET', '/api/team-invitations/:code', 'public', everyone(200), async (w) => ({ url: `/api/team-invitations/${(await sellerInvitation(w)).code}` })),
  route('POST', '/api/team-invitations/:code/accept', 'public', { ...signedIn(403), anonymous: 200 }, async (w) => ({
    url: `/api/team-invitations/${(await sellerInvitation(w)).code}/accept`,
    body: { first_name: 'Ivy', last_name: 'Invited', password: TEST_PASSWORD },
  })),
  route('GET', '/api/admin/companies/:companyId/team', 'admin', adminOnly(200), (w) => ({ url: `/api/admin/companies/${w.companies.seller}/team` })),
  route('POST', '/api/admin/company-invitations/:invitationId/resend', 'admin', adminOnly(200), async (w) => ({
    url: `/api/admin/company-invitations/${(await sellerInvitation(w)).invitationId}/resend`,
  })),
  route('DELETE', '/api/admin/company-invitations/:invitationId', 'admin', adminOnly(204), async (w) => ({
    url: `/api/admin/company-invitations/${(await sellerInvitation(w)).invitationId}`,
  })),

  // Webhooks: a company's users manage its endpoints (others' do not exist for them: 404); admins manage every endpoint; buyers none.
  route('GET', '/api/webhooks/endpoints', 'user', companyOrAdmin(200), () => ({ url: '/api/webhooks/endpoints' })),
  route('POST', '/api/webhooks/endpoints', 'user', companyOrAdmin(201), () => ({
    url: '/api/webhooks/endpoints',
    body: { url: `https://hooks.example.invalid/escrow/${uniqueSuffix()}`, kinds: ['deposit.settled', 'disbursement.paid'], description: 'Books' },
  })),
  route('PUT', '/api/webhooks/endpoints/:id', 'user', sellersEndpoint(200), (w) => ({
    url: `/api/webhooks/endpoints/${w.webhook.endpointId}`,
    body: { kinds: ['deposit.settled'], description: 'Accounting', enabled: true },
  })),
  route('POST', '/api/webhooks/endpoints/:id/rotate-secret', 'user', sellersEndpoint(200), (w) => ({
    url: `/api/webhooks/endpoints/${w.webhook.endpointId}/rotate-secret`,
    body: { overlap_hours: 24 },
  })),
  route('GET', '/api/webhooks/endpoints/:id/deliveries', 'user', sellersEndpoint(200), (w) => ({
    url: `/api/webhooks/endpoints/${w.webhook.endpointId}/deliveries?status=failed`,
  })),
  route('GET', '/api/webhooks/deliveries/:deliveryId', 'user', sellersEndpoint(200), (w) => ({ url: `/api/webhooks/deliveries/${w.webhook.deliveryId}` })),
  route('POST', '/api/webhooks/deliveries/:deliveryId/resend', 'user', sellersEndpoint(202), (w) => ({
    url: `/api/webhooks/deliveries/${w.webhook.deliveryId}/resend`,
  })),
  // Last, so the fuzzer's accepted deletions leave the endpoint to the routes above.
  route('DELETE', '/api/webhooks/endpoints/:id', 'user', sellersEndpoint(200), async (w, _r, fresh) => ({
    url: `/api/webhooks/endpoints/${fresh ? await w.fresh.webhookEndpoint() : w.webhook.endpointId}`,
  })),
  // The caller's own account security (issue 25), last: each request sets up what it acts on
  // (a factor to remove, a passkey to rename), and the password change ends the caller's other sessions.
  route('GET', '/api/admin/security-log', 'admin', adminOnly(200), (w) => ({ url: `/api/admin/security-log?user_id=${w.users.buyer.userId}&kind=step_up` })),
  route('POST', '/api/admin/users/:id/second-factors/reset', 'admin', adminOnly(200), async (w, _r, fresh) => ({
    url: `/api/admin/users/${fresh ? (await userWithOwnTotp(w)).user.userId : w.users.loginTarget.userId}/second-factors/reset`,
  })),
  route('GET', '/api/account/security', 'user', signedIn(200), () => ({ url: '/api/account/security' })),
  route('GET', '/api/account/sessions', 'user', signedIn(200), () => ({ url: '/api/account/sessions' })),
  route('GET', '/api/account/security-log', 'user', signedIn(200), () => ({ url: '/api/account/security-log?page=1' })),
  route('POST', '/api/account/recovery-codes', 'user', signedIn(200), async (w, role) => {
    if (role !== 'anonymous') await withTotp(w, role);
    return { url: '/api/account/recovery-codes' };
  }),
  route('POST', '/api/account/passkeys/options', 'user', signedIn(200), () => ({ url: '/api/account/passkeys/options' })),
  route('POST', '/api/account/passkeys', 'user', signedIn(201), async (w, role) => {
    if (role === 'anonymous') return { url: '/api/account/passkeys', body: { name: 'Laptop', response: { id: 'x' } } };
    const client = await w.client(role);
    const { options } = (await client.post('/api/account/passkeys/options')).body;
    return { url: '/api/account/passkeys', body: { name: `Laptop ${uniqueSuffix()}`, response: new SoftPasskey().register(options) } };
  }),
  route('PATCH', '/api/account/passkeys/:id', 'user', signedIn(200), async (w, role) => ({
    url: `/api/account/passkeys/${role === 'anonymous' ? 1 : await passkeyIdOf(w, role)}`,
    body: { name: 'Renamed laptop' },
  })),
  route('DELETE', '/api/account/passkeys/:id', 'user', signedIn(200), async (w, role) => ({
    url: `/api/account/passkeys/${role === 'anonymous' ? 1 : await passkeyIdOf(w, role)}`,
  })),
  route('DELETE', '/api/account/sessions/:id', 'user', signedIn(200), async (w, role) => {
    if (role === 'anonymous') return { url: '/api/account/sessions/1' };
    const other = await w.client(role); // another session of the same user, to end
    const { rows } = await w.app.db.pool.query<{ session_id: string }>('SELECT session_id FROM sessions WHERE token_hash = $1', [
      hashSecret(other.cookie('sid')!),
    ]);
    return { url: `/api/account/sessions/${rows[0]!.session_id}` };
  }),
  route('DELETE', '/api/account/sessions', 'user', signedIn(200), () => ({ url: '/api/account/sessions' })),
  route('PUT', '/api/account/email', 'user', signedIn(200), () => ({
    url: '/api/account/email',
    body: { email: `next-${uniqueSuffix()}@test.escrowledger.test` },
  })),
  // The authenticator app: a new one is set up where none is confirmed; one is removed where it is.
  route('POST', '/api/account/totp/setup', 'user', signedIn(200), async (w, role) => {
    if (role !== 'anonymous') await withoutTotp(w, role);
    return { url: '/api/account/totp/setup' };
  }),
  route('POST', '/api/account/totp', 'user', signedIn(200), async (w, role) => {
    if (role === 'anonymous') return { url: '/api/account/totp', body: { code: '123456' } };
    await withoutTotp(w, role);
    const { secret } = (await (await w.client(role)).post('/api/account/totp/setup')).body;
    return { url: '/api/account/totp', body: { code: await totpCode(secret) } };
  }),
  route('DELETE', '/api/account/totp', 'user', signedIn(200), async (w, role) => {
    if (role !== 'anonymous') await withTotp(w, role);
    return { url: '/api/account/totp' };
  }),
  // Ends the caller's other sessions (the world's party sessions among them): next to last.
  route('PUT', '/api/account/password', 'user', signedIn(200), () => ({
    url: '/api/account/password',
    body: { current_password: TEST_PASSWORD, password: TEST_PASSWORD },
  })),
  // Leaves the caller unverified: last.
  route('POST', '/api/account/email/verification', 'user', signedIn(200), async (w, role) => {
    if (role !== 'anonymous') await w.app.db.pool.query('UPDATE users SET email_verified_at = NULL WHERE user_id = $1', [w.users[role].userId]);
    return { url: '/api/account/email/verification' };
  }),
  // After it only because the fuzz seeds of the routes above are their indexes: appended, they stay
  // as they were. Served only with METRICS_TOKEN set (the world sets none); metrics.e2e tests it.
  route('GET', '/api/metrics', 'public', everyone(404), () => ({ url: '/api/metrics' })),
  // Issue 35, appended so that the seeds above stay theirs: the "this wasn't me" link of a mail
  // about an added factor (each accepted use on a new user of its own: it ends that user's
  // sessions), the factors added lately, and removing one's recovery codes.
  route('GET', '/api/auth/factor-alerts/:code', 'public', everyone(200), async (w) => ({ url: `/api/auth/factor-alerts/${await factorAlertCode(w)}` })),
  route('POST', '/api/auth/factor-alerts/undo', 'public', everyone(200), async (w) => ({
    url: '/api/auth/factor-alerts/undo',
    body: { code: await factorAlertCode(w) },
  })),
  route('GET', '/api/account/recent-factors', 'user', signedIn(200), () => ({ url: '/api/account/recent-factors' })),
  route('DELETE', '/api/account/recovery-codes', 'user', signedIn(200), async (w, role) => {
    if (role !== 'anonymous') await w.app.http.get(SecondFactors).newRecoveryCodes(w.users[role].userId);
    return { url: '/api/account/recovery-codes' };
  }),
  // Issue 37, appended for the same reason: a company's security view, for its owners (each their own company's).
  route('GET', '/api/company/security-log', 'user', companyMembers(200), (w) => ({ url: `/api/company/security-log?page=1&user_id=${w.users.seller.userId}` })),
];

/** The link of the mail about a new user's authenticator app, as FactorAlerts stores it (issue 35). */
async function factorAlertCode(w: SecurityWorld): Promise<string> {
  const user = await createUser(w.app.db.pool, { factor: 'totp' });
  const code = newSecret();
  await w.app.db.pool.query(
    `INSERT INTO factor_alerts (code_hash, user_id, factor, factor_at, expires_at)
     SELECT $1, user_id, 'totp', confirmed_at, now() + interval '1 day' FROM user_totp WHERE user_id = $2`,
    [hashSecret(code), user.userId],
  );
  return code;
}

/** A new user whose authenticator app has a secret of its own (so its codes never collide with another login's). */
async function userWithOwnTotp(w: SecurityWorld) {
  const user = await createUser(w.app.db.pool);
  const secret = await enrolTotp(w.app.db.pool, user.userId, generateSecret());
  return { user, secret };
}

/** The role's user with a confirmed authenticator app (put back if a cell removed it). */
async function withTotp(w: SecurityWorld, role: Exclude<Caller, 'anonymous'>): Promise<number> {
  const { userId } = w.users[role];
  const { rows } = await w.app.db.pool.query('SELECT 1 FROM user_totp WHERE user_id = $1 AND confirmed_at IS NOT NULL', [userId]);
  if (!rows.length) await enrolTotp(w.app.db.pool, userId);
  return userId;
}

/** The role's user without a confirmed authenticator app (a passkey keeps them a factor), ready for a new set-up. */
async function withoutTotp(w: SecurityWorld, role: Exclude<Caller, 'anonymous'>): Promise<void> {
  await addPasskey(await w.client(role)); // the admin console stays open meanwhile
  await w.app.db.pool.query('DELETE FROM user_totp WHERE user_id = $1', [w.users[role].userId]);
}

/** Registers a software passkey for the client's user (its session is stepped up). */
async function addPasskey(client: HttpSession): Promise<SoftPasskey> {
  const passkey = new SoftPasskey();
  const { options } = (await client.post('/api/account/passkeys/options')).body;
  const added = await client.post('/api/account/passkeys', { name: `Key ${uniqueSuffix()}`, response: passkey.register(options) });
  if (added.status !== 201) throw new Error(`adding a passkey failed: ${added.status} ${JSON.stringify(added.body)}`);
  return passkey;
}

async function passkeyIdOf(w: SecurityWorld, role: Exclude<Caller, 'anonymous'>): Promise<number> {
  await addPasskey(await w.client(role));
  const { rows } = await w.app.db.pool.query<{ passkey_id: number }>('SELECT max(passkey_id) AS passkey_id FROM passkeys WHERE user_id = $1', [
    w.users[role].userId,
  ]);
  return rows[0]!.passkey_id;
}

/** A new user with a passkey, signed in through nothing but that passkey's registration. */
async function userWithPasskey(w: SecurityWorld) {
  const user = await createUser(w.app.db.pool);
  const client = new HttpSession(w.app.http).setCookie('sid', await startSession(w.app.db.pool, user.userId));
  return { user, passkey: await addPasskey(client) };
}

export const routeKey = (r: { method: string; path?: string; url?: string }) => `${r.method} ${r.path ?? r.url}`;

/** The callers whose requests get past the route's guard into its handler. */
export function rolesReaching(c: RouteCase): Role[] {
  if (c.guard === 'public') return [...ROLES];
  if (c.guard === 'admin') return ['admin'];
  return ROLES.filter((r) => r !== 'anonymous');
}

/** The first caller the matrix expects to succeed (the CSRF and fuzz tests act as it). */
export function allowedRole(c: RouteCase): Role {
  const role = ROLES.find((r) => c.expect[r] >= 200 && c.expect[r] < 300);
  if (!role) throw new Error(`${routeKey(c)}: nobody is allowed, so the route cannot be exercised`);
  return role;
}

/** What a route declares for the access guard: its checks and the company action it does. */
interface RouteDeclaration {
  checks: readonly string[];
  action: MemberAction | undefined;
}

const declarations = new WeakMap<SecurityWorld, Map<string, RouteDeclaration>>();
/**
 * Every controller route's @Access checks and @MemberMay action, read from the running
 * application's metadata as the guard reads them (the handler's, else its controller's), keyed
 * as fastify serves them. Routes no controller declares (the OpenAPI pages) are absent.
 */
function routeDeclarations(w: SecurityWorld): Map<string, RouteDeclaration> {
  let found = declarations.get(w);
  if (found) return found;
  found = new Map();
  const joined = (...parts: string[]) =>
    `/${parts
      .flatMap((p) => p.split('/'))
      .filter(Boolean)
      .join('/')}`;
  const paths = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [String(value ?? '')]);
  for (const module of w.app.http.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function' || !Reflect.hasMetadata(PATH_METADATA, handler)) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const own = <T>(key: string): T | undefined => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller);
        const declaration = { checks: own<string[]>(ACCESS_KEY) ?? [], action: own<MemberAction>(COMPANY_ACTION_KEY) };
        for (const base of paths(Reflect.getMetadata(PATH_METADATA, controller)))
          for (const path of paths(Reflect.getMetadata(PATH_METADATA, handler))) found.set(`${method} ${joined('api', base, path)}`, declaration);
      }
    }
  }
  declarations.set(w, found);
  return found;
}

/**
 * What a colleague of the seller gets, from the ONE permission table: the guard asks the table
 * on every route with a check (undeclared: owners only); where the role may do the route's
 * action, the colleague gets what the seller gets, where not 403. The seller's company keeps
 * the default signing policy (owners only).
 */
/** What the project's certifier gets: an outsider's answer (another buyer's), except where the route says. */
export function certifierExpectation(c: RouteCase): number {
  return c.certifier ?? c.expect.otherBuyer;
}

export function memberExpectation(w: SecurityWorld, c: RouteCase, role: MemberRole): { status: number; roleForbidden: boolean } {
  const declaration = routeDeclarations(w).get(routeKey(c));
  const checked = declaration !== undefined && declaration.checks.some((check) => check !== 'infoOnly');
  const may = !checked || mayDo(MEMBER_COMPANY_ROLE[role], declaration.action ?? 'members.manage', { signing_policy: 'owner_only' });
  // A check the seller fails (an admin's route) refuses before the role is asked.
  const roleForbidden = !may && c.expect.seller >= 200 && c.expect.seller < 300;
  const declared = c.members?.[role];
  return { status: declared ?? (may ? c.expect.seller : 403), roleForbidden: declared === undefined && roleForbidden };
}
