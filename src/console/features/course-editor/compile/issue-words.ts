// A problem in the words of a person: "Price can be at most $999,999.99" where the API says
// "priceInCents exceeds maximum allowed value of 99999999 ($999,999.99)". The API's own message is
// kept beside the sentence (the problem list shows both), and zod's wording never reaches a user: a
// shape problem is said from its data (IssueDetail), field by field.
import { COMPILER_MESSAGES, type Issue, type IssueDetail } from '#compiler/index.ts';
import { LIMITS } from '#contract/limits.ts';
import { MESSAGES } from '#contract/messages.ts';
import {
  COMPLETION_CRITERIA_LABELS,
  TOPIC_TYPE_LABELS,
  fieldLabel,
  labelFor,
} from '../../../lib/labels.ts';

export interface IssueWords {
  /** The sentence shown under the field and first in the problem list. */
  text: string;
  /** The API's (or the compiler's) exact message, when it says something the sentence does not. */
  source?: string;
}

const number = (n: number) => n.toLocaleString('en-US');
const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

const FORMATS: Record<string, string> = {
  url: 'a web address starting with https:// or http://',
  uuid: 'an ID such as 0f8fad5b-d9cb-469f-a165-70867728950e',
  date: 'a date such as 2026-01-31 or 2026-01-31T09:00:00Z',
  email: 'an email address',
};

/** What a shape problem means for `label` (a field's words). */
function detailWords(label: string, field: string | undefined, detail: IssueDetail): string {
  switch (detail.type) {
    case 'required':
      return field === 'title' ? 'Enter a title' : `Enter the ${label.toLowerCase()}`;
    case 'tooLong':
      return `${label} can be at most ${number(detail.maximum)} characters`;
    case 'tooShort':
      return `${label} needs at least ${number(detail.minimum)} characters`;
    case 'tooLarge':
      return field === 'priceInCents'
        ? `${label} can be at most ${dollars(detail.maximum)}`
        : `${label} can be at most ${number(detail.maximum)}`;
    case 'tooSmall':
      return detail.minimum === 1
        ? `${label} must be at least 1`
        : `${label} must be at least ${number(detail.minimum)}`;
    case 'notWhole':
      return `${label} must be a whole number`;
    case 'format':
      return `${label} must be ${FORMATS[detail.format] ?? `in the ${detail.format} format`}`;
    case 'notAChoice':
      return `Choose one of the offered ${label.toLowerCase()} values`;
    case 'unknownField':
      return `${detail.fields.map(fieldLabel).join(', ')} cannot be set here`;
    case 'wrongType':
      return `${label} has a value of the wrong kind (${detail.expected} expected)`;
    case 'invalid':
      return `${label} is not valid`;
  }
}

/** API and compiler messages with a sentence of their own; the message stays as the source. */
const SENTENCES: { match: (message: string) => boolean; text: (issue: Issue) => string }[] = [
  {
    match: (m) => m === MESSAGES.emptyTitle || /must have a non-empty title$/.test(m),
    text: () => 'Enter a title',
  },
  {
    match: (m) => m === MESSAGES.priceTooHigh,
    text: () => `Price can be at most ${dollars(LIMITS.priceInCentsMax)}`,
  },
  { match: (m) => m === MESSAGES.priceNegative, text: () => 'Price cannot be negative' },
  {
    match: (m) => m === MESSAGES.descriptionTooLong,
    text: () => `Description can be at most ${number(LIMITS.descriptionLength)} characters`,
  },
  {
    match: (m) => m === MESSAGES.metaTitleTooLong,
    text: () => `Meta title can be at most ${number(LIMITS.metaTitleLength)} characters`,
  },
  {
    match: (m) => m === MESSAGES.metaDescriptionTooLong,
    text: () =>
      `Meta description can be at most ${number(LIMITS.metaDescriptionLength)} characters`,
  },
  {
    match: (m) => m.startsWith('Cannot assign more than'),
    text: () => `Choose at most ${LIMITS.tagsPerCourse} tags`,
  },
  { match: (m) => m === MESSAGES.emptyAuthor, text: () => 'Remove the empty author' },
  {
    match: (m) => m === MESSAGES.futurePublishWithPublished,
    text: () =>
      'A course cannot be published now and also scheduled: choose Draft, or clear the publish date',
  },
  {
    match: (m) => m === MESSAGES.archivedOnCreate,
    text: () => 'A new course cannot start archived: choose Draft or Published',
  },
  {
    match: (m) => m.startsWith("Cannot provide both 'videoUrl' and 'videoAsset'"),
    text: () => 'Give a video URL or a video asset ID, not both',
  },
  {
    match: (m) => m.startsWith('Cannot use video fields'),
    text: () => 'A video URL or asset ID can only be given to a Video topic',
  },
  {
    match: (m) => m.startsWith("Cannot provide 'assetType' when using 'videoUrl'"),
    text: () => 'Leave the video provider empty when you give a video URL',
  },
  {
    match: (m) => m.startsWith('audioUrl is only valid for audio topics'),
    text: () => 'An audio URL can only be given to an Audio topic',
  },
  {
    match: (m) => m === COMPILER_MESSAGES.alternateAssetTypeRequired,
    text: () =>
      'This asset ID belongs to the alternate video provider: choose it as the video provider',
  },
  {
    match: (m) => /^courseCompletionCriteria of type '(\w+)' requires/.test(m),
    text: (issue) => {
      const type = /'(\w+)'/.exec(issue.message)![1]!;
      const what = type.endsWith('Seconds') ? 'the time in seconds' : 'the percentage (1 to 100)';
      return `Enter ${what} for the criterion “${labelFor(COMPLETION_CRITERIA_LABELS, type)}”`;
    },
  },
  {
    match: (m) => /^SKU '.*' is already in use$/.test(m),
    text: () => 'Another course already uses this SKU',
  },
  {
    match: (m) => /^Slug '.*' is already in use$/.test(m),
    text: () => 'Another course already uses this URL slug',
  },
  {
    match: (m) => /^Ribbon '.*' does not exist/.test(m),
    text: () => 'This ribbon is not set up for your company',
  },
  {
    match: (m) => /^Content type '.*' does not exist/.test(m),
    text: () => 'This content type is not set up for your company',
  },
  {
    match: (m) => m === MESSAGES.tagsNotFound || m === MESSAGES.tagsForeign,
    text: () => 'Some of the tags no longer exist: choose them again',
  },
  {
    match: (m) => / were not found$/.test(m) && /^Some (prerequisite|related)/.test(m),
    text: (issue) => `Some of the ${fieldLabel(issue.field ?? '').toLowerCase()} no longer exist`,
  },
  {
    match: (m) => /^Field '\w+' does not apply to topic type/.test(m),
    text: (issue) => {
      const [, field, type] = /^Field '(\w+)' does not apply to topic type '(\w+)'/.exec(
        issue.message,
      )!;
      return `${fieldLabel(field!)} does not apply to ${labelFor(TOPIC_TYPE_LABELS, type!)} topics`;
    },
  },
  {
    match: (m) => m.startsWith("'") && m.includes('cannot be set on create'),
    text: (issue) =>
      `${fieldLabel(issue.field ?? '')} is sent once the course exists, right after it is created`,
  },
  {
    match: (m) => m.includes('cannot be changed through the API once the course exists'),
    text: (issue) => `${fieldLabel(issue.field ?? '')} cannot be changed once the course exists`,
  },
  {
    match: (m) => m === COMPILER_MESSAGES.cannotChangeKind,
    text: () => 'A saved course keeps its kind',
  },
  {
    match: (m) => m.startsWith('Too many pending background jobs'),
    text: () =>
      'Saved, but its files were not queued: the API has too many jobs waiting; apply again later',
  },
];

/** The sentence for a problem, with the API's message kept where it adds something. */
export function issueWords(issue: Issue): IssueWords {
  // A nested field (`courseCompletionCriteria.coursePercentViewed`, `languages.0.externalUrl`) is
  // named by its last part.
  const last = issue.field
    ?.split('.')
    .filter((part) => !/^\d+$/.test(part))
    .at(-1);
  const label = fieldLabel(last ?? 'value');
  if (issue.code === 'shape' && issue.detail)
    return { text: detailWords(label, last, issue.detail) };
  if (issue.code === 'shape') return { text: `${label} is not valid` };
  const sentence = SENTENCES.find((s) => s.match(issue.message));
  return sentence ? { text: sentence.text(issue), source: issue.message } : { text: issue.message };
}
