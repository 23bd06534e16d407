// The phases of a plan, in the order they run; create plans of large courses reuse the last three.
// Names only: a plan often skips phases, so the editor numbers the steps it shows (1..n), not these.
export const PHASES = {
  fields: 'Fields and moves',
  sections: 'New sections',
  lessons: 'Section order and lessons',
  topics: 'Topics',
} as const;
