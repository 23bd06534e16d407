// Draft files: `{ version: 1, draft }`, and specific errors for bad ones.
import { describe, expect, test } from 'vitest';
import { DRAFT_FILE_VERSION, parseDraftFile, serializeDraft } from '#compiler/index.ts';
import { gridDraft } from '../test-drafts.ts';

describe('draft files', () => {
  test('round trip and versioning', () => {
    const draft = gridDraft(1, 1, 2);
    const text = serializeDraft(draft);
    expect(JSON.parse(text)).toMatchObject({ version: DRAFT_FILE_VERSION });
    expect(parseDraftFile(text)).toEqual({ ok: true, draft });
  });

  test('bad files give specific errors', () => {
    expect(parseDraftFile('{')).toMatchObject({
      ok: false,
      errors: [expect.stringMatching(/^Not valid JSON/)],
    });
    expect(parseDraftFile(JSON.stringify({ version: 2, draft: {} }))).toEqual({
      ok: false,
      errors: ['Unsupported draft file version: 2'],
    });
    const draft = gridDraft(1, 1, 1);
    const broken = JSON.parse(serializeDraft(draft));
    broken.draft.sections[0].lessons[0].openType = 'public';
    broken.draft.sections[0].lessons[0].topics[0].extra = 1;
    const parsed = parseDraftFile(JSON.stringify(broken));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors.join('\n')).toMatch(
      /draft\.sections\[0\]\.lessons\[0\]\.openType/,
    );
    expect(!parsed.ok && parsed.errors.join('\n')).toMatch(/extra/);
    const twin = JSON.parse(serializeDraft(draft));
    twin.draft.sections[0].lessons[0].clientId = twin.draft.sections[0].clientId;
    expect(parseDraftFile(JSON.stringify(twin))).toEqual({
      ok: false,
      errors: [`Duplicate clientId: ${draft.sections[0]!.clientId}`],
    });
  });
});
