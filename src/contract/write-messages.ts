// Messages of the write path and the sandbox management API that the spec does not show (Lectern's
// wording). Like MESSAGES, each is written once and reused by the sandbox and its clients.
import { LIMITS } from './limits.ts';

export const WRITE_MESSAGES = {
  /** `where` is the path of the first array or object past the limit (see jsonDepthViolation). */
  jsonTooDeep: (where: string) =>
    `JSON nesting exceeds the limit of ${LIMITS.jsonDepth} levels of arrays and objects (at ${where})`,
  bodyTooLarge: (limitBytes: number) => `Request body exceeds the limit of ${limitBytes} bytes`,
  /** An object where a string or an array is expected, with a `length` that is not a number. */
  unreadableValue: 'Invalid input: expected a string or an array, received an object',
  /** A course group holds one or more courses (spec 2.1): its last course cannot move away. */
  lastCourseOfGroup: (groupId: string) =>
    `Course group ${groupId} must keep at least one course; add another course before moving this one`,
  duplicateSlugInRequest: (slug: string) => `Slug '${slug}' is given to more than one course group`,
  emailTaken: (email: string) => `A user with email '${email}' already exists`,
} as const;
