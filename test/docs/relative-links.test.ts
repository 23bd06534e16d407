// Every relative link and image in the README and the docs names a file that exists, and a link with an
// anchor names a heading of that page (GitHub's heading ids). Moving or renaming a doc, a screenshot or a
// heading breaks this test, not the reader's click.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt, { type Token } from 'markdown-it';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const markdown = new MarkdownIt({ html: true });

/** The markdown files the test reads: the README, everything under docs/, and the READMEs in src/. */
function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.md') ? [path] : [];
    });
  return [join(ROOT, 'README.md'), ...walk(join(ROOT, 'docs')), ...walk(join(ROOT, 'src'))];
}

/** Where links point: markdown links and images, and `href`/`src` of inline HTML. */
function targetsOf(tokens: readonly Token[]): string[] {
  const targets: string[] = [];
  for (const token of tokens) {
    if (token.type === 'link_open') targets.push(String(token.attrGet('href') ?? ''));
    if (token.type === 'image') targets.push(String(token.attrGet('src') ?? ''));
    if (token.type === 'html_block' || token.type === 'html_inline')
      for (const match of token.content.matchAll(/\b(?:href|src)="([^"]*)"/g))
        targets.push(match[1]!);
    if (token.children) targets.push(...targetsOf(token.children));
  }
  return targets;
}

/** The ids GitHub gives the headings of a markdown text, in order (repeats get -1, -2…). */
function headingIds(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const tokens = markdown.parse(text, {});
  const ids = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const words = (tokens[index + 1]?.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    ids.add(slugger.slug(words));
  });
  return ids;
}

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** The links of one markdown file that name no existing file or heading, as `link: why`. */
function brokenLinks(
  file: string,
  text: string,
  read = (path: string) => readFileSync(path, 'utf8'),
): { checked: number; broken: string[] } {
  const broken: string[] = [];
  let checked = 0;
  for (const target of targetsOf(markdown.parse(text, {}))) {
    if (target === '' || EXTERNAL.test(target)) continue;
    checked += 1;
    const [rawPath = '', anchor] = target.split('#', 2);
    const path = rawPath === '' ? file : resolve(dirname(file), decodeURIComponent(rawPath));
    if (rawPath !== '' && !existsSync(path)) {
      broken.push(`${target}: no such file`);
      continue;
    }
    if (!anchor || !path.endsWith('.md')) continue;
    const ids = headingIds(path === file ? text : read(path));
    if (!ids.has(decodeURIComponent(anchor)))
      broken.push(`${target}: no heading #${anchor} in ${relative(ROOT, path)}`);
  }
  return { checked, broken };
}

describe('relative links in the README and docs/', () => {
  it('every link and image names a file that exists, and every anchor a heading', () => {
    const files = markdownFiles();
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      const result = brokenLinks(file, readFileSync(file, 'utf8'));
      checked += result.checked;
      broken.push(...result.broken.map((line) => `${relative(ROOT, file)}: ${line}`));
    }
    expect(broken).toEqual([]);
    // The README and the guides link to each other and to their screenshots: a count near zero means
    // the parser stopped seeing links, not that the docs have none.
    expect(files.length).toBeGreaterThan(20);
    expect(checked).toBeGreaterThan(100);
  });

  it('reports a missing file, a missing image and a missing heading, and passes good ones', () => {
    const file = join(ROOT, 'docs', 'example.md');
    const text = [
      '# Example',
      '## A heading with `code`',
      '[good](../README.md) [good anchor](#a-heading-with-code) [self](#example)',
      '[gone](guides/nowhere.md) ![gone](screenshots/nowhere.png)',
      '<img src="screenshots/also-nowhere.png" alt="">',
      '[bad anchor](#no-such-heading) [external](https://lectern.test/x) [mail](mailto:a@lectern.test)',
      '[other page](../README.md#no-such-heading) [other page](../README.md#quick-start)',
    ].join('\n\n');
    const result = brokenLinks(file, text);
    expect(result.broken).toEqual([
      'guides/nowhere.md: no such file',
      'screenshots/nowhere.png: no such file',
      'screenshots/also-nowhere.png: no such file',
      '#no-such-heading: no heading #no-such-heading in docs/example.md',
      '../README.md#no-such-heading: no heading #no-such-heading in README.md',
    ]);
    expect(result.checked).toBe(9);
  });
});
