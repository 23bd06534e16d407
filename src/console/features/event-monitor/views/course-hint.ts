// The course filter's hint: the chosen course's or learning path's title, or what the field takes.
export const COURSE_HINT = 'Id, or a title from the suggestions';

export const describeResource = (item: { type: 'course' | 'learningPath'; title: string }) =>
  `${item.title} (${item.type === 'course' ? 'course' : 'learning path'})`;
