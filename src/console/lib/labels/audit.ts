// The audit log's words: what a call touched and how its user signed in.
import type { SignInMethod } from '#contract/console/session.ts';

/** What an audit record says a call touched (the console server's `subjects`). */
export const AUDIT_SUBJECT_LABELS = {
  courseGroup: 'Course group',
  course: 'Course',
  learningPath: 'Learning path',
} as const;

/**
 * How a user signed in (an audit row's `signedInWith`), in words: the learning platform's password, or
 * the identity provider by its name (`LECTERN_OIDC_NAME`, from `/api/meta`; unknown once it is removed).
 */
export function signInMethodLabel(method: SignInMethod, providerName: string | null): string {
  return method === 'identityProvider'
    ? (providerName ?? 'the identity provider')
    : 'learning-platform password';
}
