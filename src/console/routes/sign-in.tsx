import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { IDENTITY_PROVIDER_PROBLEMS } from '#contract/console/url-values.ts';
import {
  IdentityProviderButton,
  problemMessage,
  ProviderSignOutOffer,
} from '../features/auth/identity-provider-sign-in.tsx';
import { SignInForm } from '../features/auth/sign-in-form.tsx';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { oneOf, urlSearch, urlString } from '../lib/url-search.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { sessionMetaQuery } from '../lib/session-meta.ts';

const SignInSearch = urlSearch({
  redirect: urlString({ max: 2000 }),
  /** Why a sign-in through the identity provider came back without a session. */
  problem: oneOf(IDENTITY_PROVIDER_PROBLEMS),
});

export const Route = createFileRoute('/sign-in')({
  validateSearch: SignInSearch,
  beforeLoad: ({ context, search }) => {
    if (context.session?.role) throw redirect({ href: safeRedirect(search.redirect) });
    if (context.session) throw redirect({ to: '/no-access' });
  },
  loader: async ({ context: { queryClient } }) => {
    // The ways to sign in and the demo-accounts hint: a failure here leaves the password form.
    await queryClient.ensureQueryData(sessionMetaQuery()).catch(() => undefined);
  },
  component: SignInPage,
});

function SignInPage() {
  const { redirect: redirectTo, problem } = Route.useSearch();
  const { data: meta } = useQuery(sessionMetaQuery());
  usePageTitle('Sign in');
  const provider = meta?.signIn.identityProvider ?? null;
  const instance = meta?.signIn.instance ?? true;
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
        <ProviderSignOutOffer />
        {problem ? (
          <p className="form-error" role="alert">
            {problemMessage(problem, provider?.name ?? 'the identity provider')}
          </p>
        ) : null}
        {provider ? (
          <>
            <p className="auth-card__lead">Use your company account.</p>
            <IdentityProviderButton name={provider.name} redirectTo={redirectTo} />
          </>
        ) : null}
        {instance ? (
          <>
            {provider ? (
              <p className="auth-card__divider">
                <span>or with a learning-platform password</span>
              </p>
            ) : (
              <p className="auth-card__lead">
                Use the email and password of your learning-platform account.
              </p>
            )}
            <SignInForm
              redirectTo={redirectTo}
              demoAccounts={meta?.demoAccounts ?? null}
              primary={!provider}
            />
          </>
        ) : null}
      </div>
    </main>
  );
}
