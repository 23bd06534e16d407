import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Button } from '../components/ui/button.tsx';
import { useAfterFirstContent } from '../lib/use-after-first-content.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { sessionMetaQuery } from '../lib/session-meta.ts';

export const Route = createFileRoute('/no-access')({
  beforeLoad: ({ context, location }) => {
    if (!context.session) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    if (context.session.role) throw redirect({ to: '/course-groups' });
    return { user: context.session.user, signedInWith: context.session.signedInWith };
  },
  component: NoAccessPage,
});

// Sign-out (with its confirmation, the unsaved-work check and the jobs store: 7 KB) loads after the
// page's first content, as in the signed-in header (docs/decisions/loading-strategy.md).
const SignOutButton = lazy(() =>
  import('../features/auth/sign-out-button.tsx').then((module) => ({
    default: module.SignOutButton,
  })),
);

/** Until then, its look-alike: aria-disabled (not disabled, which would dim it), doing nothing. */
const SIGN_OUT_STAND_IN = (
  <Button variant="ghost" size="sm" aria-disabled="true">
    Sign out
  </Button>
);

function NoAccessPage() {
  const { user, signedInWith } = Route.useRouteContext();
  const { data: meta } = useQuery(sessionMetaQuery());
  const provider = meta?.signIn.identityProvider?.name ?? 'your identity provider';
  const late = useAfterFirstContent();
  usePageTitle('No access');
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">No access to this console</h1>
        {signedInWith === 'identityProvider' ? (
          <p>
            You are signed in through {provider} as <strong>{user.email}</strong>, but none of your
            groups there gives a role in Lectern. Ask your administrator to add you to a group that
            gives the admin, content manager or support role, then sign in again.
          </p>
        ) : (
          <p>
            You are signed in as <strong>{user.email}</strong>, but this account has no role in
            Lectern. Ask a Lectern admin to grant you the admin, content manager or support role.
          </p>
        )}
        {late ? (
          <Suspense fallback={SIGN_OUT_STAND_IN}>
            <SignOutButton />
          </Suspense>
        ) : (
          SIGN_OUT_STAND_IN
        )}
      </div>
    </main>
  );
}
