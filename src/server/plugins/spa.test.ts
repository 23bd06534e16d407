// The SPA's files as browsers get them: compressed twins chosen by Accept-Encoding, caching per kind of
// file, the history fallback. A dist folder made here, compressed by the build's own step.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../../scripts/precompress.ts';
import { registerSpa } from './spa.ts';

const SCRIPT = `export const words = ${JSON.stringify('lectern '.repeat(400))};\n`;
const INDEX = `<!doctype html><title>Lectern</title>${'<!-- shell -->'.repeat(100)}`;

describe('the SPA as served', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lectern-spa-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), SCRIPT);
    writeFileSync(join(dir, 'assets', 'tiny-abc123.js'), 'export {};\n');
    writeFileSync(
      join(dir, 'assets', 'preview-frame-abc123.css'),
      `p{color:red}${' '.repeat(2000)}`,
    );
    const compressed = await precompressFiles(dir, [
      'index.html',
      'assets/app-abc123.js',
      'assets/tiny-abc123.js',
      'assets/preview-frame-abc123.css',
    ]);
    expect(compressed).toBe(3);
    app = Fastify();
    await registerSpa(app, dir);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the Brotli twin to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to one that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gzipped = await get('/assets/app-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a file too small to compress as it is', async () => {
    const response = await get('/assets/tiny-abc123.js', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};\n');
  });

  it("keeps the learner preview stylesheet's cross-origin policy when compressed", async () => {
    const response = await get('/assets/preview-frame-abc123.css', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers a page address with index.html, never cached, and a missing asset with 404', async () => {
    const page = await get('/editor/some-course', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const html =
      page.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(page.rawPayload).toString()
        : page.body;
    expect(html).toBe(INDEX);
    const missing = await get('/assets/gone-abc123.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('Not found');
  });
});
