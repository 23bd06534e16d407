// Every wire value the console shows has a word, distinct from the wire value where the two differ.
import { describe, expect, it } from 'vitest';
import {
  ASSET_TYPES,
  COMPLETION_CRITERIA_TYPES,
  CONTENT_SEARCH_TYPES,
  CONTENT_UPLOAD_TYPES,
  COURSE_GROUP_KINDS,
  EVENT_KINDS,
  JOB_STATUSES,
  OPEN_TYPES,
  STATUSES,
  TOPIC_TYPES,
} from '#contract/enums.ts';
import {
  ASSET_TYPE_LABELS,
  COMPLETION_CRITERIA_LABELS,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPE_SINGULAR,
  EVENT_KIND_LABELS,
  JOB_STATUS_LABELS,
  KIND_LABELS,
  OPEN_TYPE_LABELS,
  STATUS_LABELS,
  TOPIC_TYPE_LABELS,
  UPLOAD_TYPE_LABELS,
  contentTypeLabel,
  fieldLabel,
  labelFor,
  optionLabel,
} from './labels.ts';

describe('labels', () => {
  it.each([
    ['kinds', COURSE_GROUP_KINDS, KIND_LABELS],
    ['statuses', STATUSES, STATUS_LABELS],
    ['open types', OPEN_TYPES, OPEN_TYPE_LABELS],
    ['topic types', TOPIC_TYPES, TOPIC_TYPE_LABELS],
    ['completion criteria', COMPLETION_CRITERIA_TYPES, COMPLETION_CRITERIA_LABELS],
    ['asset types', ASSET_TYPES, ASSET_TYPE_LABELS],
    ['event kinds', EVENT_KINDS, EVENT_KIND_LABELS],
    ['job statuses', JOB_STATUSES, JOB_STATUS_LABELS],
    ['upload types', CONTENT_UPLOAD_TYPES, UPLOAD_TYPE_LABELS],
    ['content search types', CONTENT_SEARCH_TYPES, CONTENT_TYPE_LABELS],
    ['content search types (one item)', CONTENT_SEARCH_TYPES, CONTENT_TYPE_SINGULAR],
  ] as const)('names every one of the %s in words', (_name, values, labels) => {
    const record = labels as Readonly<Record<string, string>>;
    expect(Object.keys(record).sort()).toEqual([...values].sort());
    for (const value of values) {
      expect(record[value]).toMatch(/^(?:[A-Z]|xAPI )[A-Za-z -]*$/);
      // A camelCase wire value is never shown as is.
      if (/[a-z][A-Z]/.test(value)) expect(record[value]).not.toBe(value);
    }
    expect(new Set(Object.values(record)).size).toBe(values.length);
  });

  it('uses the words the team agreed on', () => {
    expect([
      KIND_LABELS.courseGroup,
      KIND_LABELS.microCourse,
      KIND_LABELS.shareableContentObject,
    ]).toEqual(['Course', 'Micro-course', 'SCORM package']);
    expect(Object.values(OPEN_TYPE_LABELS)).toEqual([
      'Enrolled learners only',
      'Free preview',
      'Email required',
    ]);
  });

  it('shows a value newer than the list as the API sent it', () => {
    expect(labelFor(KIND_LABELS, 'bundle')).toBe('bundle');
    expect(labelFor(EVENT_KIND_LABELS, 'quizAttempt')).toBe('Quiz attempt');
  });

  it('labels the choices of a form field by its name', () => {
    expect(optionLabel('openType', 'emailCaptureOpen')).toBe('Email required');
    expect(optionLabel('status', 'pending')).toBe('Scheduled');
    expect(optionLabel('assetType', '<provider_alt>')).toBe('Alternate video provider');
    expect(optionLabel('objectType', 'course')).toBe('course');
  });

  it('says a course group content type in words, never its slug', () => {
    expect(contentTypeLabel('microCourse')).toBe('Micro-course');
    expect(contentTypeLabel('scorm')).toBe('SCORM package');
    expect(contentTypeLabel('inPersonEvent')).toBe('In-person event');
    expect(contentTypeLabel('onlineWorkshop')).toBe('Online workshop');
    expect(contentTypeLabel('self_paced-lab')).toBe('Self paced lab');
  });

  it('says a field name in words, listed or spelled out from its camelCase', () => {
    expect(['priceInCents', 'sku', 'slug', 'openType'].map(fieldLabel)).toEqual([
      'Price',
      'SKU',
      'URL slug',
      'Who can open it',
    ]);
    // Not listed: their words are their names spelled out.
    expect(
      ['title', 'metaTitle', 'freeWithRegistration', 'sessionCustomFields'].map(fieldLabel),
    ).toEqual(['Title', 'Meta title', 'Free with registration', 'Session custom fields']);
  });
});
