// Which fields changed between the server's record and the draft, and what to send for each: only
// changed fields go out, and an emptied field is sent as the API's clearing value (spec 4.2: `null`
// for nullable fields; booleans and non-nullable strings go back to their default).
import {
  DEFAULT_ASSET_TYPE,
  TOPIC_FIELD_NAMES,
  isFieldAllowedForType,
  type TopicType,
} from '#contract/index.ts';

/** `SKIP`: an emptied draft field is left alone (the API cannot clear it). */
export const SKIP = Symbol('skip');

export interface FieldRule {
  /** Name on the wire and in the read model. */
  wire: string;
  /** Name in the draft, when it differs. */
  draft?: string;
  /** What to send when the draft's value is empty. */
  clear: unknown;
  /** The value an absent draft field stands for (defaults of booleans and numbers). */
  fallback?: unknown;
  date?: boolean;
}

const nullable = (wire: string, draft?: string): FieldRule => ({
  wire,
  clear: null,
  ...(draft && { draft }),
});
const flag = (wire: string, fallback = false): FieldRule => ({ wire, clear: fallback, fallback });
const text = (wire: string): FieldRule => ({ wire, clear: '' });

export const GROUP_RULES: FieldRule[] = [
  { wire: 'title', clear: SKIP },
  { wire: 'slug', clear: SKIP },
  nullable('description'),
  nullable('tagIds'),
  nullable('authors'),
  nullable('source'),
  nullable('customFields'),
  nullable('asset'),
  text('assetAltText'),
  nullable('detailAsset'),
  text('detailAssetAltText'),
  nullable('ribbon'),
  text('metaTitle'),
  text('metaDescription'),
  flag('archived'),
  nullable('relatedCourseGroupIds'),
];

export const COURSE_RULES: FieldRule[] = [
  { wire: 'title', clear: SKIP },
  { wire: 'priceInCents', clear: 0, fallback: 0 },
  flag('freeWithRegistration'),
  flag('purchasable'),
  { wire: 'status', clear: SKIP },
  nullable('customFields', 'sessionCustomFields'),
  flag('forceLinearProgress'),
  flag('showProgress', true),
  nullable('prerequisiteCourseIds'),
  nullable('prerequisiteLearningPathIds'),
];

/** Attributes update cannot change (spec 4.2 lists no such field): a change is reported. */
export const FIXED_COURSE_RULES: FieldRule[] = [
  nullable('sku'),
  nullable('isbn'),
  flag('discussionsEnabled'),
  flag('availableToPublic'),
  nullable('enrollmentLimit'),
  { wire: 'enrollmentStartDate', clear: SKIP, date: true },
  { wire: 'enrollmentEndDate', clear: null, date: true },
  { wire: 'courseStartDate', clear: SKIP, date: true },
  { wire: 'courseEndDate', clear: null, date: true },
  { wire: 'gracePeriodEndDate', clear: null, date: true },
  { wire: 'futurePublishDate', clear: null, date: true },
  { wire: 'publishDate', clear: null, date: true },
];
export const FIXED_GROUP_RULES: FieldRule[] = [{ wire: 'contentType', clear: SKIP }];

export const SECTION_RULES: FieldRule[] = [
  { wire: 'title', clear: SKIP },
  { wire: 'releaseDate', clear: null, date: true },
];
export const LESSON_RULES: FieldRule[] = [
  { wire: 'title', clear: SKIP },
  { wire: 'openType', clear: SKIP },
];

const TOPIC_FLAGS = new Set([
  'embeddedEnabled',
  'fullscreenEmbed',
  'preventProgression',
  'resetSessionAfterComplete',
  'searchDisabled',
  'printDisabled',
  'fileDownloadDisabled',
]);
export const TOPIC_RULES: FieldRule[] = TOPIC_FIELD_NAMES.filter((f) => f !== 'type').map((wire) =>
  wire === 'title'
    ? { wire, clear: SKIP }
    : TOPIC_FLAGS.has(wire)
      ? flag(wire)
      : wire === 'assetType'
        ? // A video topic reads back with the default provider when none was given (spec 2.3).
          { wire, clear: null, fallback: DEFAULT_ASSET_TYPE }
        : nullable(wire),
);

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/** Canonical form for comparison: empty values collapse, object keys are sorted. */
function canonical(value: unknown, rule: FieldRule): string {
  const v = isEmpty(value) ? (rule.fallback ?? null) : value;
  if (rule.date && typeof v === 'string') {
    const time = Date.parse(v);
    if (!Number.isNaN(time)) return String(time);
  }
  // Scalars are most fields: skip JSON for them (this runs for every field of every topic).
  return v !== null && typeof v === 'object' ? stableJson(v) : `${typeof v}:${String(v)}`;
}

export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, inner]) => inner !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

export const sameField = (draftValue: unknown, baseValue: unknown, rule: FieldRule): boolean =>
  canonical(draftValue, rule) === canonical(baseValue, rule);

/** The wire fields to send so the record becomes the draft. */
export function diffFields(
  draft: Record<string, unknown>,
  base: Record<string, unknown>,
  rules: readonly FieldRule[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const rule of rules) {
    const value = draft[rule.draft ?? rule.wire];
    if (sameField(value, base[rule.wire], rule)) continue;
    if (!isEmpty(value)) out[rule.wire] = value;
    else if (rule.clear !== SKIP) out[rule.wire] = rule.clear;
  }
  return out;
}

/** Fields whose values differ (for fields update cannot change). */
export function changedFields(
  draft: Record<string, unknown>,
  base: Record<string, unknown>,
  rules: readonly FieldRule[],
): string[] {
  return rules
    .filter((rule) => {
      const value = draft[rule.draft ?? rule.wire];
      if (rule.clear === SKIP && isEmpty(value)) return false;
      return !sameField(value, base[rule.wire], rule);
    })
    .map((rule) => rule.draft ?? rule.wire);
}

/**
 * A topic's changes. A type change resets the fields the new type cannot carry (spec 3), so the
 * draft is compared with the record as it will be right after the type changes.
 */
export function diffTopic(
  draft: Record<string, unknown> & { type: TopicType },
  base: Record<string, unknown> & { type: TopicType },
): Record<string, unknown> {
  const typeChanged = draft.type !== base.type;
  const effective = typeChanged
    ? Object.fromEntries(
        Object.entries(base).filter(([key]) => isFieldAllowedForType(draft.type, key)),
      )
    : base;
  const fields = diffFields(draft, effective, TOPIC_RULES);
  // Fields the type cannot carry are ignored by the API; do not send them.
  for (const key of Object.keys(fields))
    if (key !== 'title' && !isFieldAllowedForType(draft.type, key)) delete fields[key];
  return typeChanged ? { type: draft.type, ...fields } : fields;
}
