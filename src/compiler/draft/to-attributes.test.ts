// A draft as a create entry: session custom fields go out as `sessionCustomFields` for every kind.
import { describe, expect, test } from 'vitest';
import { CREATE_KINDS, CreateCoursesRequest } from '#contract/index.ts';
import {
  compileCreate,
  newCourseDraft,
  sequentialIds,
  setAttributes,
  type CreateStep,
} from '#compiler/index.ts';

const ids = sequentialIds('new_');
const FIELDS = { level: 'advanced', seats: 12, tags: ['a', 'b'], meta: { room: 'B2' }, none: null };

describe('sessionCustomFields on create', () => {
  test.each(CREATE_KINDS)('%s: sent verbatim, and not sent when empty', (kind) => {
    const draft = setAttributes(newCourseDraft(kind, `Session ${kind}`, ids), {
      sessionCustomFields: FIELDS,
    });
    const step = compileCreate([draft]).plan.steps[0] as CreateStep;
    expect(step.body.courseAttributes[0]!.sessionCustomFields).toEqual(FIELDS);
    expect(CreateCoursesRequest.safeParse(step.body).success).toBe(true);

    const empty = compileCreate([newCourseDraft(kind, 'No fields', ids)]).plan.steps[0];
    expect((empty as CreateStep).body.courseAttributes[0]).not.toHaveProperty(
      'sessionCustomFields',
    );
  });
});
