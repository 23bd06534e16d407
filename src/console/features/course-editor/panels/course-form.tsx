// The course's attributes (spec 2.2) for its kind, in react-hook-form. Each field shows the draft's
// problem at it in words, once touched (problems-context.ts). Status and scheduled publishing are
// shown only to people who may publish.
import { useCallback, useMemo } from 'react';
import {
  DraftAttributesSchema,
  setAttributes,
  type CourseDraft,
  type DraftAttributes,
} from '#compiler/index.ts';
import { LIMITS } from '#contract/limits.ts';
import { stripHtml } from '#contract/validation/field-rules.ts';
import { useEditorSlice, type EditorStore } from '../state/editor-store.ts';
import {
  CustomFieldsEditor,
  JSON_VALUE,
  LinesEditor,
  TEXT_OR_LIST,
  TagPicker,
} from './list-editors.tsx';
import { dateWarnings } from './date-checks.ts';
import { KindFields } from './kind-fields.tsx';
import { ScalarInput } from './scalar-input.tsx';
import { useFieldErrors } from './problems-context.ts';
import { SearchPicker } from './search-picker.tsx';
import { useDraftForm } from './use-draft-form.ts';

type Field = keyof DraftAttributes;

const GROUPS: { legend: string; fields: Field[]; savedOnly?: Field[] }[] = [
  {
    legend: 'Basics',
    fields: ['title', 'description', 'source', 'contentType', 'sku', 'isbn'],
    savedOnly: ['slug'],
  },
  {
    legend: 'Dates',
    fields: [
      'enrollmentStartDate',
      'enrollmentEndDate',
      'courseStartDate',
      'courseEndDate',
      'gracePeriodEndDate',
    ],
  },
  {
    legend: 'Price and enrollment',
    fields: [
      'priceInCents',
      'freeWithRegistration',
      'purchasable',
      'enrollmentLimit',
      'availableToPublic',
      'discussionsEnabled',
      'forceLinearProgress',
      'showProgress',
    ],
  },
  {
    legend: 'Images and ribbon',
    fields: ['asset', 'assetAltText', 'detailAsset', 'detailAssetAltText', 'ribbon'],
  },
];

const PUBLISHING: Field[] = ['status', 'futurePublishDate', 'publishDate'];
const DATE_HINT = 'A date such as 2026-01-31, or a date and time such as 2026-01-31T09:00:00Z';
const HINTS: Partial<Record<Field, string>> = {
  enrollmentStartDate: `${DATE_HINT}. Empty: when the course is created.`,
  courseStartDate: 'Empty: when the course is created.',
  priceInCents: `In US dollars, at most ${(LIMITS.priceInCentsMax / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })}`,
  assetAltText: 'Describes the card image for people who cannot see it',
  detailAssetAltText: 'Describes the detail image for people who cannot see it',
  futurePublishDate: 'The course is published automatically at this date',
};

export function CourseForm({ store, canPublish }: { store: EditorStore; canPublish: boolean }) {
  const attributes = useEditorSlice(store, (s) => s.draft.attributes);
  const saved = useEditorSlice(store, (s) => s.draft.serverIds !== undefined);
  const commit = useCallback(
    (values: DraftAttributes, field: string) => {
      // Keep the list and map fields, which have their own editors.
      store.edit((d) => replaceScalars(d, values), `attr:${field}`);
    },
    [store],
  );
  const form = useDraftForm<DraftAttributes>(attributes, commit);
  const courseId = useEditorSlice(store, (s) => s.draft.clientId);
  const errorOf = useFieldErrors(courseId, form.formState);
  const typed = useEditorSlice(store, (s) => s.typed);
  const onTypedPrice = useCallback(
    (text: string | null) => store.setTyped(`${store.draft.clientId}|priceInCents`, text),
    [store],
  );
  const warnings = useMemo(() => dateWarnings(attributes), [attributes]);
  const shape = DraftAttributesSchema.shape;
  const setList = (patch: Partial<DraftAttributes>) => store.edit((d) => setAttributes(d, patch));
  const input = (name: Field, extra: { multiline?: boolean; maxLength?: number } = {}) => (
    <ScalarInput<DraftAttributes>
      key={name}
      name={name}
      schema={shape[name]}
      register={form.register}
      control={form.control}
      error={errorOf(name)}
      hint={HINTS[name]}
      warning={warnings[name]}
      {...(name === 'priceInCents' && {
        typed: typed[`${courseId}|priceInCents`],
        onTyped: onTypedPrice,
      })}
      {...(extra.maxLength !== undefined && {
        maxLength: extra.maxLength,
        count: (name === 'description' ? String : (v: unknown) => stripHtml(String(v)))(
          attributes[name] ?? '',
        ).length,
      })}
      multiline={extra.multiline ?? false}
    />
  );

  return (
    <form className="editor-form" aria-label="Course details" onSubmit={(e) => e.preventDefault()}>
      {GROUPS.map((group) => (
        <fieldset className="editor-fieldset" key={group.legend}>
          <legend>{group.legend}</legend>
          {group.fields.map((name) =>
            name === 'description'
              ? input(name, { multiline: true, maxLength: LIMITS.descriptionLength })
              : input(name),
          )}
          {saved ? group.savedOnly?.map((name) => input(name)) : null}
        </fieldset>
      ))}
      <fieldset className="editor-fieldset">
        <legend>Search engines</legend>
        {input('metaTitle', { maxLength: LIMITS.metaTitleLength })}
        {input('metaDescription', { multiline: true, maxLength: LIMITS.metaDescriptionLength })}
      </fieldset>
      {canPublish ? (
        <fieldset className="editor-fieldset">
          <legend>Publishing</legend>
          {PUBLISHING.map((name) => input(name))}
          {saved ? input('archived') : null}
        </fieldset>
      ) : (
        <p className="field__hint">Status and scheduled publishing can be set by admins.</p>
      )}
      <TagPicker
        value={attributes.tagIds ?? []}
        error={errorOf('tagIds')}
        onChange={(tagIds) => setList({ tagIds })}
      />
      <LinesEditor
        label="Authors"
        id="f-authors"
        hint="One author per line"
        error={errorOf('authors')}
        value={attributes.authors}
        onChange={(authors) => setList({ authors })}
      />
      <CustomFieldsEditor
        legend="Custom fields"
        itemLabel="custom field"
        idPrefix="f-customFields"
        hint="Fields of the course group, shown in the catalog. Saving replaces the whole set."
        format={TEXT_OR_LIST}
        error={errorOf('customFields')}
        value={attributes.customFields}
        onChange={(customFields) => setList({ customFields })}
      />
      {/* Every create kind has a session (spec 2.2), so every kind gets this editor. */}
      <CustomFieldsEditor
        legend="Session custom fields"
        itemLabel="session custom field"
        idPrefix="f-sessionCustomFields"
        hint="Fields of this course's session, not of its catalog group. Saving replaces the session's whole set: a field removed here is removed from the session."
        format={JSON_VALUE}
        error={errorOf('sessionCustomFields')}
        value={attributes.sessionCustomFields}
        onChange={(sessionCustomFields) => setList({ sessionCustomFields })}
      />
      <SearchPicker
        label="Prerequisite courses"
        type="courses"
        id="f-prerequisiteCourseIds"
        error={errorOf('prerequisiteCourseIds')}
        value={attributes.prerequisiteCourseIds}
        onChange={(prerequisiteCourseIds) => setList({ prerequisiteCourseIds })}
      />
      <SearchPicker
        label="Prerequisite learning paths"
        type="learningPaths"
        id="f-prerequisiteLearningPathIds"
        error={errorOf('prerequisiteLearningPathIds')}
        value={attributes.prerequisiteLearningPathIds}
        onChange={(prerequisiteLearningPathIds) => setList({ prerequisiteLearningPathIds })}
      />
      <SearchPicker
        label="Related course groups"
        type="courseGroups"
        id="f-relatedCourseGroupIds"
        error={errorOf('relatedCourseGroupIds')}
        value={attributes.relatedCourseGroupIds}
        onChange={(relatedCourseGroupIds) => setList({ relatedCourseGroupIds })}
      />
      <KindFields store={store} />
    </form>
  );
}

const LIST_FIELDS: Field[] = [
  'tagIds',
  'authors',
  'customFields',
  'sessionCustomFields',
  'prerequisiteCourseIds',
  'prerequisiteLearningPathIds',
  'relatedCourseGroupIds',
];

function replaceScalars(draft: CourseDraft, values: DraftAttributes): CourseDraft {
  const kept = Object.fromEntries(
    LIST_FIELDS.filter((f) => draft.attributes[f] !== undefined).map((f) => [
      f,
      draft.attributes[f],
    ]),
  );
  const scalars = Object.fromEntries(
    Object.entries(values).filter(([key]) => !LIST_FIELDS.includes(key as Field)),
  );
  return { ...draft, attributes: { ...scalars, ...kept } as DraftAttributes };
}
