// The checks of a course that need no network, over a draft: structure (empty sections and lessons, a
// course without topics, sibling titles, topics without what their type needs), accessibility (alt
// texts, frame titles, link texts, heading levels) and the catalog (description, thumbnail). They also
// collect every URL the course points at, for the console server's link checker. Pure: the console
// server runs them on a saved course, the browser on an unsaved draft, with the same results.
import type { CheckFinding, CheckItem, CheckRule } from '#contract/console/course-checks.ts';
import { LIMITS, SHELL_TOPIC_TYPES, type TopicType } from '#contract/index.ts';
import { isTreeDraft, type CourseDraft, type TopicNode } from '../draft/schema.ts';
import { CHECK_MESSAGES, CONTENT_NEEDS, COURSE_CONTENT_NEEDS } from './check-messages.ts';
import { scanHtml, type BodyScan } from './html-scan.ts';
import { courseItem, outlineEntries } from './outline-items.ts';
import { findingOf, type FindingExtra, type Words } from './findings.ts';

/** One place a URL is used. */
export interface LinkUse {
  /** The absolute http(s) address fetched (fragment removed). */
  url: string;
  item: CheckItem;
  field: string;
}

export interface DraftCheck {
  /** Findings of structure, accessibility and catalog (and relative links), in course order. */
  findings: CheckFinding[];
  /** Every absolute http(s) URL and where it is used, in course order. */
  links: LinkUse[];
}

/** URL fields (spec 2.2, 2.3) a learner's page loads or links to. */
const TOPIC_URL_FIELDS = [
  'scormUrl',
  'pdfUrl',
  'videoUrl',
  'audioUrl',
  'posterImageAsset',
] as const;
const TOPIC_HTML_FIELDS = ['body', 'preTextBlock', 'postTextBlock'] as const;
const SHELLS = new Set<string>(SHELL_TOPIC_TYPES);

export function checkDraft(draft: CourseDraft): DraftCheck {
  const findings: CheckFinding[] = [];
  const links: LinkUse[] = [];
  const course = courseItem(draft);
  const add: Add = (rule, item, words, extra) => findings.push(findingOf(rule, item, words, extra));

  /** Reads one HTML field: its links and accessibility problems. */
  const html = (item: CheckItem, field: string, value: unknown): BodyScan | undefined => {
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    const scan = scanHtml(value);
    for (const link of scan.links) useUrl(item, field, link.url);
    const seen = new Map<string, number>();
    const occurrence = (key: string) => {
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      return n === 1 ? key : `${key}#${n}`;
    };
    for (const problem of scan.problems) {
      switch (problem.kind) {
        case 'imageWithoutAlt':
          add('imageWithoutAlt', item, CHECK_MESSAGES.imageWithoutAlt(problem.src), {
            field,
            detail: occurrence(problem.src),
          });
          break;
        case 'frameWithoutTitle':
          add('frameWithoutTitle', item, CHECK_MESSAGES.frameWithoutTitle(problem.src), {
            field,
            detail: occurrence(problem.src),
          });
          break;
        case 'vagueLinkText':
          add('vagueLinkText', item, CHECK_MESSAGES.vagueLinkText(problem.text, problem.bareUrl), {
            field,
            detail: occurrence(`${problem.text}>${problem.href}`),
          });
          break;
        case 'headingSkipsLevel':
          add(
            'headingSkipsLevel',
            item,
            CHECK_MESSAGES.headingSkipsLevel(problem.from, problem.to, problem.text),
            { field, detail: occurrence(`${problem.from}-${problem.to}-${problem.text}`) },
          );
          break;
      }
    }
    return scan;
  };

  const relative = new Set<string>();
  const useUrl = (item: CheckItem, field: string, written: unknown) => {
    if (typeof written !== 'string') return;
    const target = linkTarget(written);
    if (target.kind === 'http') links.push({ url: target.url, item, field });
    const key = `${item.id}|${field}|${written.trim()}`;
    if (target.kind === 'relative' && !relative.has(key)) {
      relative.add(key);
      add('linkRelative', item, CHECK_MESSAGES.linkRelative(written.trim()), {
        field,
        url: written.trim(),
      });
    }
  };

  // The course: catalog fields, and the content of kinds without an outline.
  const { attributes } = draft;
  const description = attributes.description ?? '';
  if (description.length > LIMITS.descriptionLength)
    add('descriptionTooLong', course, CHECK_MESSAGES.descriptionTooLong(description.length), {
      field: 'description',
    });
  else if (description.trim() === '' || scanHtml(description).text === '')
    add('descriptionEmpty', course, CHECK_MESSAGES.descriptionEmpty, { field: 'description' });
  if (!attributes.asset?.trim())
    add('noThumbnail', course, CHECK_MESSAGES.noThumbnail, { field: 'asset' });
  else if (!attributes.assetAltText?.trim())
    add('assetWithoutAlt', course, CHECK_MESSAGES.assetWithoutAlt('thumbnail'), {
      field: 'assetAltText',
    });
  if (attributes.detailAsset?.trim() && !attributes.detailAssetAltText?.trim())
    add('assetWithoutAlt', course, CHECK_MESSAGES.assetWithoutAlt('detail image'), {
      field: 'detailAssetAltText',
    });
  useUrl(course, 'asset', attributes.asset);
  useUrl(course, 'detailAsset', attributes.detailAsset);

  switch (draft.kind) {
    case 'article': {
      const scan = html(course, 'articleVariant.body', draft.articleVariant.body);
      useUrl(course, 'articleVariant.externalUrl', draft.articleVariant.externalUrl);
      if (!scan || (scan.text === '' && !scan.hasMedia))
        add('topicWithoutContent', course, COURSE_CONTENT_NEEDS.article!, {
          field: 'articleVariant.body',
        });
      break;
    }
    case 'video':
      useUrl(course, 'videoUrl', draft.video.videoUrl);
      useUrl(course, 'posterImageAsset', draft.video.posterImageAsset);
      if (!draft.video.videoUrl && !draft.video.videoAsset)
        add('topicWithoutContent', course, COURSE_CONTENT_NEEDS.video!, { field: 'videoUrl' });
      break;
    case 'shareableContentObject':
      useUrl(course, 'scormUrl', draft.scorm.scormUrl);
      if (!draft.scorm.scormUrl)
        add('topicWithoutContent', course, COURSE_CONTENT_NEEDS.shareableContentObject!, {
          field: 'scormUrl',
        });
      break;
  }

  if (isTreeDraft(draft)) {
    const entries = outlineEntries(draft);
    if (!entries.some((entry) => entry.item.kind === 'topic'))
      add('courseWithoutTopics', course, CHECK_MESSAGES.courseWithoutTopics);
    const root =
      draft.kind === 'courseGroup'
        ? { item: course, children: draft.sections, kind: 'section' }
        : { item: course, children: draft.topics, kind: 'topic' };
    duplicateTitles(root.children, root.kind, 'the course', entries, add);
    for (const entry of entries) {
      const { item, node } = entry;
      if (node.kind === 'section') {
        if (node.lessons.length === 0) add('emptySection', item, CHECK_MESSAGES.emptySection);
        duplicateTitles(node.lessons, 'lesson', `section ${quoteTitle(node.title)}`, entries, add);
      } else if (node.kind === 'lesson') {
        if (node.topics.length === 0) add('emptyLesson', item, CHECK_MESSAGES.emptyLesson);
        duplicateTitles(node.topics, 'topic', `lesson ${quoteTitle(node.title)}`, entries, add);
      } else {
        checkTopic(node, item, html, useUrl, add);
      }
    }
  }
  return { findings, links };
}

type Add = (rule: CheckRule, item: CheckItem, words: Words, extra?: FindingExtra) => void;

function checkTopic(
  topic: TopicNode,
  item: CheckItem,
  html: (item: CheckItem, field: string, value: unknown) => BodyScan | undefined,
  useUrl: (item: CheckItem, field: string, written: unknown) => void,
  add: Add,
) {
  const [body] = TOPIC_HTML_FIELDS.map((field) => html(item, field, topic[field]));
  const variants = (topic.languages ?? []).map((variant, index) => {
    useUrl(item, `languages.${index}.externalUrl`, variant.externalUrl);
    return html(item, `languages.${index}.body`, variant.body);
  });
  for (const field of TOPIC_URL_FIELDS) useUrl(item, field, topic[field]);

  const type = topic.type as TopicType;
  const filled = (scan: BodyScan | undefined) =>
    scan !== undefined && (scan.text !== '' || scan.hasMedia);
  const missing =
    (type === 'text' && !filled(body)) ||
    (type === 'article' && !filled(body) && !variants.some(filled)) ||
    (type === 'embed' && !body?.hasFrame) ||
    (type === 'video' && !topic.videoUrl && !topic.videoAsset) ||
    (type === 'audio' && !topic.audioUrl) ||
    ((type === 'shareableContentObject' || type === 'xApiObject') && !topic.scormUrl) ||
    (type === 'pdfViewer' && !topic.pdfUrl);
  const needs = CONTENT_NEEDS[type];
  if (missing && needs) add('topicWithoutContent', item, needs, { field: contentField(type) });
  if (SHELLS.has(type)) add('topicIsShell', item, CHECK_MESSAGES.topicIsShell);
}

function contentField(type: TopicType): string {
  switch (type) {
    case 'video':
      return 'videoUrl';
    case 'audio':
      return 'audioUrl';
    case 'shareableContentObject':
    case 'xApiObject':
      return 'scormUrl';
    case 'pdfViewer':
      return 'pdfUrl';
    default:
      return 'body';
  }
}

/** Siblings sharing a title (compared as a learner reads them): reported on each later one. */
function duplicateTitles(
  siblings: readonly { clientId: string; title: string }[],
  kind: string,
  parent: string,
  entries: readonly { item: CheckItem; node: { clientId: string } }[],
  add: Add,
) {
  if (siblings.length < 2) return;
  const first = new Map<string, string>();
  for (const sibling of siblings) {
    // A title cleared in the details form is not set (undefined) until the user types one.
    const title = (sibling.title ?? '').replace(/\s+/g, ' ').trim();
    if (title === '') continue;
    const key = title.toLocaleLowerCase();
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, sibling.clientId);
      continue;
    }
    const itemOf = (id: string) => entries.find((entry) => entry.node.clientId === id)?.item;
    const item = itemOf(sibling.clientId);
    const other = itemOf(earlier);
    if (item)
      add('duplicateTitle', item, CHECK_MESSAGES.duplicateTitle(kind, title, parent), {
        field: 'title',
        ...(other && { alsoIn: [other] }),
      });
  }
}

const quoteTitle = (title: string | undefined) => `“${title ?? ''}”`;

export type LinkTarget = { kind: 'http'; url: string } | { kind: 'relative' } | { kind: 'other' };

/**
 * What a written address is to the link checker: an absolute http(s) URL to fetch (without its fragment,
 * which is never sent), a relative one, or something else (an in-page anchor, mailto:, tel:, data:…).
 */
export function linkTarget(written: string): LinkTarget {
  const value = written.trim();
  if (value === '' || value.startsWith('#')) return { kind: 'other' };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  const absolute = value.startsWith('//') ? `https:${value}` : value;
  if (scheme === undefined && !value.startsWith('//')) return { kind: 'relative' };
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return { kind: 'other' };
  let url: URL;
  try {
    url = new URL(absolute);
  } catch {
    return { kind: 'other' };
  }
  url.hash = '';
  return { kind: 'http', url: url.href };
}
