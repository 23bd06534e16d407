// Limits of the Content API (spec 8). Every check in Lectern reads them from here.
export const LIMITS = {
  coursesPerCreate: 100,
  childrenPerCourse: 100,
  itemsPerUpdate: 100,
  itemsPerBulkPriceUpdate: 1000,
  tagsPerCourse: 10,
  descriptionLength: 5000,
  metaTitleLength: 200,
  metaDescriptionLength: 500,
  priceInCentsMax: 99_999_999,
  audioFileBytes: 200 * 1024 * 1024,
  defaultPerPage: 50,
  /** Not stated by the spec; the sandbox caps page size here. */
  maxPerPage: 500,
  /**
   * Not stated by the spec: how deeply JSON arrays and objects may nest in a request body (the body itself
   * is level 1). Deeper bodies are refused with a 400 by the sandbox and by the console before anything
   * walks them. The deepest body the API's own shapes need is 11 levels (a topic's language variant).
   */
  jsonDepth: 64,
  /** Not stated by the spec: the sandbox's request body limit, and the console's default (`LECTERN_MAX_BODY_MB`). */
  requestBodyBytes: 25 * 1024 * 1024,
} as const;

export const AUDIO_FORMATS = ['mp3', 'wav', 'ogg'] as const;

/** Events per feed page. Fixed: the feed has no `perPage` (spec 4.5 rule 3). */
export const EVENT_PAGE_SIZE = 100;
