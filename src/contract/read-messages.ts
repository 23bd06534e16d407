// Messages of the read, translation and bulk endpoints (spec 4.3-4.5). The spec shows none of these
// texts, so they are Lectern's wording; like MESSAGES, each is written once and reused everywhere.
export const READ_MESSAGES = {
  invalidCursor: 'cursor: Invalid cursor. Pass pageInfo.cursor from the previous page unchanged.',
  cursorFiltersChanged:
    'cursor: This cursor belongs to a different list or different filters. Omit cursor to start again from the first page.',
  notFound: (resource: string, id: string) => `${resource} ${id} not found`,
  noDisplayCourse: (groupId: string) => `Course group ${groupId} has no display course`,
  learningPathSelectorRequired: 'learningPathId or learningPathSku is required',
  learningPathSkuNotFound: (sku: string) => `Learning path with SKU '${sku}' not found`,
  contentTypeHasNoItems: (type: string) => `Content type '${type}' has no items in this instance`,
  // Translations (XLIFF 1.2).
  xliffContentType: (received: string) =>
    `Translation uploads need Content-Type: text/xml (received '${received}')`,
  xliffMalformed: 'The body is not a valid XLIFF 1.2 document',
  xliffTargetLanguageRequired: 'XLIFF <file> needs a target-language attribute',
  xliffOriginalMismatch: (expected: string) =>
    `XLIFF <file original> must be '${expected}', the item of this URL`,
  xliffUnknownUnits: (ids: readonly string[]) => `Unknown translation units: ${ids.join(', ')}`,
  xliffNoUnits: 'XLIFF file contains no <trans-unit> with a <target>',
  languageInvalid: 'language must be a language code such as fr or pt-BR',
  // Bulk endpoints.
  criteriaNotFound: (ids: readonly string[]) => `Completion criteria not found: ${ids.join(', ')}`,
  criterionTopicRequired: (type: string) =>
    `Completion criteria of type '${type}' need a topicId (the topic they refer to)`,
  topicNotInCourse: (topicId: string, courseId: string) =>
    `Topic ${topicId} does not belong to course ${courseId}`,
  certificateTemplatesNotFound: (ids: readonly string[]) =>
    `Certificate templates not found: ${ids.join(', ')}`,
  duplicateItems: (field: string, ids: readonly string[]) =>
    `Each ${field} may appear only once per request; repeated: ${ids.join(', ')}`,
} as const;

/** A BCP 47-style language code (`fr`, `pt-BR`), as used by XLIFF target-language. */
export const LANGUAGE_CODE_PATTERN = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
