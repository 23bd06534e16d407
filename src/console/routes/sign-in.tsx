import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { SignInForm } from '../features/auth/sign-in-form.tsx';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { sessionQueries } from '../lib/session.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const SignInSearch = z.object({ redirect: z.string().max(2000).optional().catch(undefined) });

export const Route = createFileRoute('/sign-in')({
  validateSearch: SignInSearch,
  beforeLoad: ({ context, search }) => {
    if (context.session?.role) throw redirect({ href: safeRedirect(search.redirect) });
    if (context.session) throw redirect({ to: '/no-access' });
  },
  loader: async ({ context: { queryClient } }) => {
    // Only for the demo-accounts hint: a failure here must not block signing in.
    await queryClient.ensureQueryData(sessionQueries.meta()).catch(() => undefined);
  },
  component: SignInPage,
});

function SignInPage() {
  const { redirect: redirectTo } = Route.useSearch();
  const { data: meta } = useQuery(sessionQueries.meta());
  usePageTitle('Sign in');
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <p className="brand brand--large">
          <span className="brand__mark" aria-hidden="true">
            L
          </span>
          Lectern
        </p>
        <h1 className="auth-card__title">Sign in to the console</h1>
        <p className="auth-card__lead">
          Use the email and password of your learning-platform account.
        </p>
        <SignInForm redirectTo={redirectTo} demoAccounts={meta?.demoAccounts ?? null} />
      </div>
    </main>
  );
}
