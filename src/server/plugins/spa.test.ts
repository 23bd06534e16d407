// The SPA's files as browsers get them: compressed twins chosen by Accept-Encoding, caching per kind of
// file, the history fallback. A dist folder made here, compressed by the build's own step.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ pad: 'x'.repeat(2000) }));
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
      '.vite/manifest.json',
    ]);
    // Not the manifest: the server reads it, no browser is ever sent it.
    expect(compressed).toBe(3);
    expect(existsSync(join(dir, '.vite', 'manifest.json.br'))).toBe(false);
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

describe("index.html with the landing route's preloads", () => {
  const R = 'src/console/routes/';
  const MANIFEST = {
    'index.html': {
      file: 'assets/index-e1.js',
      src: 'index.html',
      isEntry: true,
      imports: ['_shell-s1.js'],
      dynamicImports: [
        `${R}_authed.tsx?tsr-split=component`,
        `${R}_authed.editor.$courseId.tsx?tsr-split=component`,
        `${R}_authed.editor.$courseId.tsx?tsr-split=loader`,
        `${R}_authed.editor.$courseId.tsx?tsr-split=errorComponent`,
        `${R}_authed.editor.new.tsx?tsr-split=component`,
        `${R}_authed.learners.$learnerId.tsx?tsr-split=component`,
        `${R}sign-in.tsx?tsr-split=component`,
        'src/console/features/course-editor/persistence/load-editor.ts',
        'src/console/routes/-components/late-header-parts.tsx',
      ],
    },
    '_shell-s1.js': { file: 'assets/shell-s1.js' },
    '_first-load-f1.js': { file: 'assets/first-load-f1.js' },
    // Imports a chunk the page links already (the session check's, as vite.config.ts adds it).
    '_signed-in-g1.js': {
      file: 'assets/signed-in-g1.js',
      imports: ['_shell-s1.js', '_first-load-f1.js'],
    },
    '_outline-o1.js': { file: 'assets/outline-o1.js', css: ['assets/outline-o1.css'] },
    [`${R}_authed.tsx?tsr-split=component`]: {
      file: 'assets/_authed-a1.js',
      imports: ['_signed-in-g1.js'],
      dynamicImports: ['src/console/routes/-components/late-header-parts.tsx'],
    },
    [`${R}_authed.editor.$courseId.tsx?tsr-split=component`]: {
      file: 'assets/_authed.editor._courseId-c1.js',
      imports: ['_shell-s1.js', '_outline-o1.js'],
    },
    [`${R}_authed.editor.$courseId.tsx?tsr-split=loader`]: {
      file: 'assets/_authed.editor._courseId-l1.js',
      imports: ['_signed-in-g1.js'],
    },
    [`${R}_authed.editor.$courseId.tsx?tsr-split=errorComponent`]: {
      file: 'assets/_authed.editor._courseId-x1.js',
    },
    [`${R}_authed.editor.new.tsx?tsr-split=component`]: { file: 'assets/_authed.editor.new-n1.js' },
    [`${R}_authed.learners.$learnerId.tsx?tsr-split=component`]: {
      file: 'assets/_authed.learners._learnerId-p1.js',
    },
    [`${R}sign-in.tsx?tsr-split=component`]: { file: 'assets/sign-in-i1.js' },
    'src/console/features/course-editor/persistence/load-editor.ts': {
      file: 'assets/load-editor-d1.js',
    },
    'src/console/routes/-components/late-header-parts.tsx': {
      file: 'assets/late-header-parts-h1.js',
    },
  };
  const HEAD = `<!doctype html><html lang="en"><head><title>Lectern</title><link rel="preload" href="/api/session" as="fetch" crossorigin="anonymous" /><script type="module" crossorigin src="/assets/index-e1.js"></script><link rel="modulepreload" crossorigin href="/assets/shell-s1.js"><link rel="modulepreload" crossorigin href="/assets/first-load-f1.js"></head>`;
  const PAGE = `${HEAD}<body><div id="root"></div>${'<!-- shell -->'.repeat(100)}</body></html>`;
  const preload = (href: string) =>
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href}" />`;
  const modulePreload = (href: string) => `<link rel="modulepreload" crossorigin href="${href}" />`;

  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lectern-spa-landing-'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index.html'), PAGE);
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    app = Fastify();
    await registerSpa(app, dir, {
      hasSession: (request) => /(^|; )lectern_session=/.test(request.headers.cookie ?? ''),
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const open = async (url: string, signedIn: boolean, encoding = 'gzip, deflate, br') => {
    const response = await app.inject({
      url,
      headers: {
        'accept-encoding': encoding,
        ...(signedIn ? { cookie: 'theme=dark; lectern_session=s-1' } : {}),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.vary).toBe('accept-encoding, cookie');
    const coding = response.headers['content-encoding'];
    const html =
      coding === 'br'
        ? brotliDecompressSync(response.rawPayload).toString()
        : coding === 'gzip'
          ? gunzipSync(response.rawPayload).toString()
          : response.body;
    return { coding, html };
  };
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

  it("preloads, signed in, the editor's structure read before the shell's script and its chunks", async () => {
    const { coding, html } = await open('/editor/course%201?restore=2', true);
    expect(coding).toBe('br');
    const chunks = [
      '/assets/_authed-a1.js',
      '/assets/signed-in-g1.js',
      '/assets/_authed.editor._courseId-c1.js',
      '/assets/outline-o1.js',
      '/assets/_authed.editor._courseId-l1.js',
      '/assets/load-editor-d1.js',
    ];
    expect(html).toBe(
      HEAD.replace('<script', `${preload('/api/v2/courses/course%201/structure')}<script`).replace(
        '</head>',
        `${chunks.map(modulePreload).join('')}<link rel="preload" as="style" crossorigin href="/assets/outline-o1.css" /></head>`,
      ) + PAGE.slice(HEAD.length),
    );
  });

  it('preloads nothing signed in for a visitor without a session cookie', async () => {
    expect((await open('/editor/course-1', false)).html).toBe(PAGE);
    expect((await open('/learners/l-1', false)).html).toBe(PAGE);
  });

  it("preloads the sign-in page's chunk for anyone, and no reads", async () => {
    for (const signedIn of [false, true]) {
      const { html } = await open('/sign-in', signedIn);
      expect(headOf(html)).toBe(HEAD.replace('</head>', modulePreload('/assets/sign-in-i1.js')));
    }
  });

  it("preloads the learner page's four reads, its timeline filtered as the address says", async () => {
    const { html } = await open(
      '/learners/l-1?kinds=quizAttempt&from=2026-01-01T00%3A00%3A00.000Z',
      true,
    );
    const events = '/api/events?learnerId=l-1';
    expect(headOf(html)).toBe(
      HEAD.replace(
        '<script',
        [
          '/api/learners/l-1',
          `${events}&amp;kind=quizAttempt&amp;from=2026-01-01T00%3A00%3A00.000Z&amp;limit=50`,
          `${events}&amp;kind=quizAttempt&amp;limit=5`,
          `${events}&amp;kind=assignmentSubmission&amp;limit=5`,
        ]
          .map(preload)
          .join('') + '<script',
      ).replace(
        '</head>',
        [
          '/assets/_authed-a1.js',
          '/assets/signed-in-g1.js',
          '/assets/_authed.learners._learnerId-p1.js',
        ]
          .map(modulePreload)
          .join(''),
      ),
    );
  });

  it('takes /editor/new for the new-course route, with no reads', async () => {
    const { html } = await open('/editor/new', true);
    expect(html).toContain(modulePreload('/assets/_authed.editor.new-n1.js'));
    expect(html).not.toContain('_courseId');
    expect(html).not.toContain('as="fetch" crossorigin="anonymous" href="/api/v2');
  });

  it('sends gzip, or the page itself, to a browser that takes no Brotli', async () => {
    const gzipped = await open('/sign-in', false, 'gzip;q=1, br;q=0');
    expect(gzipped.coding).toBe('gzip');
    const plain = await open('/sign-in', false, 'identity');
    expect(plain.coding).toBeUndefined();
    expect(plain.html).toBe(gzipped.html);
  });

  it('answers an address no route matches with the page as built, and keeps the manifest private', async () => {
    expect((await open('/nowhere/at/all', true)).html).toBe(PAGE);
    const manifest = await app.inject({ url: '/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(404);
    expect(manifest.body).toBe('Not found');
  });
});
