// What the course checks need from one body of HTML, read in a single pass of htmlparser2's tokenizing
// parser (no DOM: the same code runs in Node on the console server and in the browser): the URLs it
// points at, and what an accessibility checker would flag. The body is never rendered or sanitised
// here; that is the preview's job (DOMPurify in the browser).
import { Parser } from 'htmlparser2';

export interface BodyLink {
  /** As written in the attribute (trimmed). */
  url: string;
  /** `a`, `img`, `iframe`, `source`… */
  element: string;
  attribute: 'href' | 'src';
}

export type BodyProblem =
  | { kind: 'imageWithoutAlt'; src: string }
  | { kind: 'frameWithoutTitle'; src: string }
  | { kind: 'vagueLinkText'; text: string; href: string; bareUrl: boolean }
  | { kind: 'headingSkipsLevel'; from: number; to: number; text: string };

export interface BodyScan {
  links: BodyLink[];
  problems: BodyProblem[];
  /** Text a learner would read (entities decoded, whitespace collapsed), for "is it empty". */
  text: string;
  /** Whether it shows or embeds anything besides text (an image, a frame, a video…). */
  hasMedia: boolean;
  hasFrame: boolean;
}

/** Link texts that say nothing about where a link leads (WCAG 2.4.4, link purpose). */
const VAGUE_LINK_TEXTS = new Set([
  'click here',
  'click',
  'here',
  'click this',
  'this link',
  'link',
  'read more',
  'more',
  'learn more',
  'go',
  'this',
]);

const MEDIA = new Set(['img', 'iframe', 'video', 'audio', 'embed', 'object', 'picture', 'svg']);
const HEADING = /^h([1-6])$/;

export function scanHtml(html: string): BodyScan {
  const links: BodyLink[] = [];
  const problems: BodyProblem[] = [];
  const text: string[] = [];
  let hasMedia = false;
  let hasFrame = false;
  let lastHeading = 0;
  /** Open `<a>` elements and open headings collect their text until they close. */
  let anchor: { href: string; text: string } | null = null;
  let heading: { level: number; text: string } | null = null;
  /** Inside `<script>` or `<style>`: text there is not read by learners. */
  let hidden = 0;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' || name === 'style' || name === 'template') hidden += 1;
        if (MEDIA.has(name)) hasMedia = true;
        for (const attribute of ['href', 'src'] as const) {
          const value = attributes[attribute]?.trim();
          if (value) links.push({ url: value, element: name, attribute });
        }
        if (name === 'img' && attributes.alt === undefined)
          problems.push({ kind: 'imageWithoutAlt', src: attributes.src?.trim() ?? '' });
        if (name === 'iframe') {
          hasFrame = true;
          if (!attributes.title?.trim())
            problems.push({ kind: 'frameWithoutTitle', src: attributes.src?.trim() ?? '' });
        }
        if (name === 'a' && attributes.href !== undefined)
          anchor = { href: attributes.href.trim(), text: '' };
        // An image inside a link speaks for it through its alt text.
        if (name === 'img' && anchor) anchor.text += ` ${attributes.alt ?? ''}`;
        const level = HEADING.exec(name)?.[1];
        if (level) heading = { level: Number(level), text: '' };
      },
      ontext(data) {
        if (hidden > 0) return;
        text.push(data);
        if (anchor) anchor.text += data;
        if (heading) heading.text += data;
      },
      onclosetag(name) {
        if (name === 'script' || name === 'style' || name === 'template')
          hidden = Math.max(0, hidden - 1);
        if (name === 'a' && anchor) {
          const problem = vagueLink(anchor.text, anchor.href);
          if (problem) problems.push(problem);
          anchor = null;
        }
        if (heading && HEADING.test(name)) {
          if (lastHeading > 0 && heading.level > lastHeading + 1)
            problems.push({
              kind: 'headingSkipsLevel',
              from: lastHeading,
              to: heading.level,
              text: collapse(heading.text),
            });
          lastHeading = heading.level;
          heading = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { links, problems, text: collapse(text.join('')), hasMedia, hasFrame };
}

function vagueLink(rawText: string, href: string): BodyProblem | undefined {
  const text = collapse(rawText);
  const words = text
    .toLowerCase()
    .replace(/[.…:!?»›>→]+$/u, '')
    .trim();
  if (VAGUE_LINK_TEXTS.has(words)) return { kind: 'vagueLinkText', text, href, bareUrl: false };
  if (text && (sameAddress(text, href) || /^(https?:\/\/|www\.)\S+$/i.test(text)))
    return { kind: 'vagueLinkText', text, href, bareUrl: true };
  return undefined;
}

/** `https://a.test/x/` and `a.test/x` are the same address to a reader. */
function sameAddress(text: string, href: string): boolean {
  const bare = (value: string) =>
    value
      .toLowerCase()
      .replace(/^[a-z]+:\/\//, '')
      .replace(/^www\./, '')
      .replace(/\/+$/, '');
  return href !== '' && bare(text) === bare(href);
}

const collapse = (value: string) => value.replace(/\s+/g, ' ').trim();
