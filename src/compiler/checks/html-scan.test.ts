import { describe, expect, it } from 'vitest';
import { scanHtml } from './html-scan.ts';

describe('scanHtml', () => {
  it('collects every href and src, with the element they sit on', () => {
    const scan = scanHtml(
      '<p><a href=" https://a.test/x ">the A page</a><img src="https://img.test/1.png" alt="A chart">' +
        '<iframe src="https://video.test/e/1" title="Intro video"></iframe><video><source src="/v.mp4"></video></p>',
    );
    expect(scan.links).toEqual([
      { url: 'https://a.test/x', element: 'a', attribute: 'href' },
      { url: 'https://img.test/1.png', element: 'img', attribute: 'src' },
      { url: 'https://video.test/e/1', element: 'iframe', attribute: 'src' },
      { url: '/v.mp4', element: 'source', attribute: 'src' },
    ]);
    expect(scan.problems).toEqual([]);
    expect(scan.hasMedia).toBe(true);
    expect(scan.hasFrame).toBe(true);
  });

  it('flags an image without alt, but not alt="" (decoration)', () => {
    const scan = scanHtml('<img src="a.png"><img src="b.png" alt=""><IMG SRC="c.png" ALT="C">');
    expect(scan.problems).toEqual([{ kind: 'imageWithoutAlt', src: 'a.png' }]);
  });

  it('flags a frame without a title, or with a blank one', () => {
    const scan = scanHtml(
      '<iframe src="https://x.test/a"></iframe><iframe src="https://x.test/b" title="  "></iframe><iframe title="Map" src="m"></iframe>',
    );
    expect(scan.problems).toEqual([
      { kind: 'frameWithoutTitle', src: 'https://x.test/a' },
      { kind: 'frameWithoutTitle', src: 'https://x.test/b' },
    ]);
  });

  it('flags "click here" and bare-URL link texts, whatever their case and punctuation', () => {
    const scan = scanHtml(
      '<a href="https://a.test/price">Click <b>here</b>.</a> <a href="https://a.test/more">Read more…</a> ' +
        '<a href="https://www.a.test/doc/">a.test/doc</a> <a href="https://b.test">https://c.test/page</a> ' +
        '<a href="https://a.test/p">the 2026 price list</a> <a href="https://a.test/i"><img src="i.png" alt="Our logo"></a>',
    );
    expect(scan.problems).toEqual([
      { kind: 'vagueLinkText', text: 'Click here.', href: 'https://a.test/price', bareUrl: false },
      { kind: 'vagueLinkText', text: 'Read more…', href: 'https://a.test/more', bareUrl: false },
      { kind: 'vagueLinkText', text: 'a.test/doc', href: 'https://www.a.test/doc/', bareUrl: true },
      {
        kind: 'vagueLinkText',
        text: 'https://c.test/page',
        href: 'https://b.test',
        bareUrl: true,
      },
    ]);
  });

  it('flags a heading that skips a level, not one that goes back up', () => {
    const scan = scanHtml(
      '<h2>Intro</h2><h3>Part</h3><h5>Deep &amp; down</h5><h2>Next</h2><h4>Gap</h4>',
    );
    expect(scan.problems).toEqual([
      { kind: 'headingSkipsLevel', from: 3, to: 5, text: 'Deep & down' },
      { kind: 'headingSkipsLevel', from: 2, to: 4, text: 'Gap' },
    ]);
  });

  it('reads the text a learner would see: entities decoded, script and style left out', () => {
    const scan = scanHtml(
      '<style>p{}</style><p> Caf&eacute;\n  &amp; <script>alert(1)</script>tea </p>',
    );
    expect(scan.text).toBe('Café & tea');
    expect(scanHtml('<p> </p><br>').text).toBe('');
    expect(scanHtml('<p> </p><br>').hasMedia).toBe(false);
  });

  it('survives broken markup', () => {
    const scan = scanHtml('<a href="https://a.test">click here<img src=x><h3>unclosed');
    expect(scan.links.map((link) => link.url)).toEqual(['https://a.test', 'x']);
    expect(scan.problems.map((problem) => problem.kind)).toContain('imageWithoutAlt');
  });
});
