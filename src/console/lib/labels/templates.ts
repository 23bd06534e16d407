// Certificate templates' words.
/** Certificate template page orientation (the sandbox's OpenAPI document). */
export const ORIENTATION_LABELS = {
  landscape: 'Landscape',
  portrait: 'Portrait',
} as const;
