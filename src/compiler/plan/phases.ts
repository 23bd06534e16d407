// The phases of a plan, in the order they run; create plans of large courses reuse the last three.
export const PHASES = {
  fields: '1. Fields and moves',
  sections: '2. New sections',
  lessons: '3. Section order and lessons',
  topics: '4. Topics',
} as const;
