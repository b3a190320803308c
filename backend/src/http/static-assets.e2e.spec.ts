import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { createTestApp, type TestApp } from '../../test/support/test-app';

/** The UI's files as the build leaves them: hashed assets with their .br and .gz copies (frontend/vite.config.ts). */
describe('the UI files the API serves', () => {
  const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
  let dist: string;
  let app: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'escrow-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Escrow Ledger</title><div id="root"></div>');
    const file = join(dist, 'assets', 'index-AbCd12_-.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
    app = await createTestApp({ frontendDist: dist });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.http.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

  it('sends a hashed asset compressed with Brotli to a browser that accepts it, cached for good', async () => {
    const res = await get('/assets/index-AbCd12_-.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends gzip to a browser without Brotli, and the plain file to one that accepts neither', async () => {
    const gzip = await get('/assets/index-AbCd12_-.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get('/assets/index-AbCd12_-.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the browser ask again for index.html, which names the current assets', async () => {
    const res = await get('/', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toMatch(/immutable|max-age=[1-9]/);
  });
});
