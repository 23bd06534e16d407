// Field rules shared by create and update (spec 7.2, 8). Each returns the spec's message or nothing.
import { valueText } from '../json-values.ts';
import { LIMITS } from '../limits.ts';
import { MESSAGES } from '../messages.ts';

export type Path = (string | number)[];
export interface ValidationIssue {
  path: Path;
  message: string;
}

export const stripHtml = (value: string): string => value.replace(/<[^>]*>/g, '');

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Catalog (course group) field rules: description, tags, authors, meta, custom fields. */
export function catalogFieldIssues(item: Record<string, unknown>, path: Path): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const at = (field: string, message: string) => issues.push({ path: [...path, field], message });
  const { description, tagIds, authors, metaTitle, metaDescription, customFields } = item;
  if (typeof description === 'string' && description.length > LIMITS.descriptionLength)
    at('description', MESSAGES.descriptionTooLong);
  if (Array.isArray(tagIds) && tagIds.length > LIMITS.tagsPerCourse)
    at('tagIds', MESSAGES.tooManyTags(tagIds.length));
  if (Array.isArray(authors) && authors.some((a) => typeof a !== 'string' || a.trim() === ''))
    at('authors', MESSAGES.emptyAuthor);
  if (typeof metaTitle === 'string' && stripHtml(metaTitle).length > LIMITS.metaTitleLength)
    at('metaTitle', MESSAGES.metaTitleTooLong);
  if (
    typeof metaDescription === 'string' &&
    stripHtml(metaDescription).length > LIMITS.metaDescriptionLength
  )
    at('metaDescription', MESSAGES.metaDescriptionTooLong);
  const customFieldsMessage = customFieldsIssue(customFields);
  if (customFieldsMessage) at('customFields', customFieldsMessage);
  return issues;
}

/** `null` is allowed (it clears on update); anything else must be a slug map. */
export function customFieldsIssue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) return MESSAGES.customFieldsNotObject;
  const valid = Object.values(value).every(
    (v) =>
      v === null ||
      typeof v === 'string' ||
      (Array.isArray(v) && v.every((entry) => typeof entry === 'string')),
  );
  return valid ? undefined : MESSAGES.customFieldsBadValue;
}

export function priceIssue(value: unknown): string | undefined {
  if (typeof value !== 'number') return undefined;
  if (value > LIMITS.priceInCentsMax) return MESSAGES.priceTooHigh;
  if (value < 0) return MESSAGES.priceNegative;
  return undefined;
}

/**
 * Video field rules for a topic (or a `kind: video` course, whose video fields sit at the top level).
 * `type` is the topic's effective type; for a video course pass 'video'.
 */
export function videoFieldIssues(
  item: Record<string, unknown>,
  type: unknown,
  path: Path,
): ValidationIssue[] {
  const hasUrl = item.videoUrl !== undefined && item.videoUrl !== null;
  const hasAsset = item.videoAsset !== undefined && item.videoAsset !== null;
  const hasAssetType = item.assetType !== undefined && item.assetType !== null;
  if ((hasUrl || hasAsset) && type !== 'video')
    return [
      {
        path: [...path, hasUrl ? 'videoUrl' : 'videoAsset'],
        message: MESSAGES.videoFieldsOnNonVideo(valueText(type)),
      },
    ];
  const issues: ValidationIssue[] = [];
  if (hasUrl && hasAsset)
    issues.push({ path: [...path, 'videoAsset'], message: MESSAGES.videoUrlWithVideoAsset });
  if (hasUrl && hasAssetType)
    issues.push({ path: [...path, 'assetType'], message: MESSAGES.assetTypeWithVideoUrl });
  return issues;
}
