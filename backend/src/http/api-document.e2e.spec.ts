import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createUser, HttpSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { type ApiDocument, readRecording, undocumented, withRecordedCodes } from './api-document-check';

/**
 * Issue 35, point 13: the API document lists what the routes answer. With API_CALLS_DIR set (as
 * scripts/run-tests.mjs sets it for the jest and browser suites) an app records each kind of call
 * it answers, and scripts/check-api-calls.mjs fails on any its document lacks; here a few calls
 * the document used to leave out, recorded and compared the same way.
 */
describe('the API document against the calls made', () => {
  let app: TestApp;
  let dir: string;
  let document: ApiDocument;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'escrow-api-calls-'));
    process.env.API_CALLS_DIR = dir;
    try {
      app = await createTestApp();
    } finally {
      delete process.env.API_CALLS_DIR;
    }
    document = (await new HttpSession(app.http).get('/api/docs-json')).body as ApiDocument;
  }, 60_000);
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records each kind of call by route template, status, parameter names and error code, and the document served', async () => {
    const admin = await createUser(app.db.pool, { role: 'admin' });
    const session = new HttpSession(app.http);
    await session.login(admin.email, admin.password!);
    expect((await session.get('/api/admin/audit/bundle?from=2026-01-01&to=2026-02-01')).status).toBe(200);
    expect((await session.get('/api/admin/audit/bundle?from=2026-01-01&to=2026-02-01')).status).toBe(200); // once in the file
    // A JSON body to an upload route (415), and one over the 1 MB every JSON body is held to (413).
    expect((await session.post('/api/milestone/12/attachments?to=dispute&dispute_id=3', { file: 'x' })).status).toBe(415);
    expect((await session.post('/api/milestone/12/attachments?to=dispute', { text: 'x'.repeat(1024 * 1024 + 1) })).status).toBe(413);

    const { calls, documents } = readRecording(dir);
    expect(documents).toEqual([document]);
    expect(calls.filter((c) => c.route !== '/api/user' && !c.route.startsWith('/api/auth/'))).toEqual([
      { method: 'GET', route: '/api/admin/audit/bundle', status: 200, query: ['from', 'to'], params: [] },
      { method: 'POST', route: '/api/milestone/:id/attachments', status: 415, query: ['dispute_id', 'to'], params: ['id'], code: 'unsupported_media_type' },
      { method: 'POST', route: '/api/milestone/:id/attachments', status: 413, query: ['to'], params: ['id'], code: 'payload_too_large' },
    ]);
    expect(undocumented(calls, document)).toEqual([]);
  });

  it('names what the comparison finds missing', () => {
    const call = { method: 'POST', route: '/api/milestone/:id/attachments', status: 418, query: ['to', 'colour'], params: ['id'] };
    const unlisted = { ...call, status: 409, query: ['to'], code: 'dispute_open' };
    expect(undocumented([call, { ...call, route: '/api/nowhere/:id' }, unlisted], document)).toEqual([
      'POST /api/milestone/{id}/attachments: query parameter colour',
      'POST /api/milestone/{id}/attachments: status 409 code dispute_open',
      'POST /api/milestone/{id}/attachments: status 418',
      'POST /api/nowhere/{id}: not in the document',
    ]);
  });

  it('lists in the document the codes each route answers, from route-error-codes.json', () => {
    const responses = (
      document as { paths: Record<string, Record<string, { responses: Record<string, { description: string; 'x-error-codes'?: string[] }> }>> }
    ).paths['/api/milestone/{id}/attachments']!.post!.responses;
    expect(responses['415']!['x-error-codes']).toContain('unsupported_media_type');
    expect(responses['415']!.description).toContain('`unsupported_media_type`');
    // What any route may answer, and any route with a body, is listed on every one.
    expect(responses['500']!['x-error-codes']).toEqual(['internal_error']);
    expect(responses['403']!['x-error-codes']).toContain('csrf_token_invalid');
    const get = (document as { paths: Record<string, Record<string, { responses: Record<string, { 'x-error-codes'?: string[] }> }>> }).paths['/api/job/{id}']!
      .get!.responses;
    expect(get['503']!['x-error-codes']).toContain('database_unavailable');
    expect(get['403']?.['x-error-codes'] ?? []).not.toContain('csrf_token_invalid');
  });

  it('adds the codes of a recording to route-error-codes.json, sorted, dropping none', () => {
    const call = { method: 'POST', route: '/api/milestone/:id/deposit', status: 409, query: [], params: ['id'] };
    const known = { 'POST /api/milestone/{id}/deposit': { '409': ['deposit_pending'] }, 'GET /api/job/{id}': { '404': ['no_such_project'] } };
    expect(
      withRecordedCodes(known, [
        { ...call, code: 'already_funded' },
        { ...call, code: 'deposit_pending' },
        { ...call, status: 403, code: 'buyer_only' },
        { ...call, status: 200 },
      ]),
    ).toEqual({
      'GET /api/job/{id}': { '404': ['no_such_project'] },
      'POST /api/milestone/{id}/deposit': { '403': ['buyer_only'], '409': ['already_funded', 'deposit_pending'] },
    });
  });

  it('lists the answers the suites meet that the routes declare nowhere else', () => {
    const known = [
      // Four eyes: above FOUR_EYES_ABOVE a resolution is proposed, not done (disputes.e2e, retainage-waivers.e2e).
      { method: 'POST', route: '/api/admin/milestones/:id/dispute/resolve', status: 202, query: [], params: ['id'] },
      { method: 'POST', route: '/api/admin/job/:id/retainage/resolve', status: 202, query: [], params: ['id'] },
      { method: 'POST', route: '/api/job/:id/retainage/attachments', status: 413, query: ['dispute_id'], params: ['id'] },
      { method: 'POST', route: '/api/job/:id/retainage/attachments', status: 415, query: ['dispute_id'], params: ['id'] },
      { method: 'GET', route: '/api/admin/audit/projects/:id/bundle', status: 200, query: ['withFiles'], params: ['id'] },
    ];
    expect(undocumented(known, document)).toEqual([]);
  });
});
