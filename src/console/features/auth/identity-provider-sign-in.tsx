// Sign-in through the company's identity provider: the "Sign in with …" button (a plain navigation:
// the console server sends the browser on to the provider), why a sign-in came back without a session,
// and the offer to sign out at the provider too.
import {
  startIdentityProviderSignIn,
  type IdentityProviderProblem,
} from '#contract/console/identity-provider.ts';
import { consoleUrl } from '../../lib/console-api.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';

/** Why `/sign-in?problem=<code>`, in words; each says what to do next. */
export function problemMessage(problem: IdentityProviderProblem, provider: string): string {
  switch (problem) {
    case 'expired':
      return `That sign-in link was already used or took longer than 10 minutes. Sign in with ${provider} again.`;
    case 'state_mismatch':
      return `The answer from ${provider} did not belong to the sign-in this browser started, so it was refused. Sign in again from this page.`;
    case 'provider_refused':
      return `${provider} did not sign you in (cancelled, or the sign-in was refused). Try again, or ask your administrator if it keeps happening.`;
    case 'token_invalid':
      return `The answer from ${provider} failed the console's checks, so it was refused. Try again; if it keeps happening, an administrator should check the console's log.`;
    case 'no_email':
      return `${provider} did not confirm an email address for your account, which the console needs to know who you are. Ask your administrator.`;
    case 'provider_unavailable':
      return `${provider} could not be reached. Try again in a moment.`;
    case 'database_unavailable':
      return "The console's database is unavailable, so no session could be started. Try again in a moment.";
  }
}

export function IdentityProviderButton({
  name,
  redirectTo,
}: {
  name: string;
  redirectTo: string | undefined;
}) {
  const href = consoleUrl(startIdentityProviderSignIn, {
    query: { returnTo: safeRedirect(redirectTo) },
  });
  return (
    <a className="btn btn--primary btn--block" href={href}>
      Sign in with {name}
    </a>
  );
}

// The provider's end-session page, kept in memory from sign-out until the sign-in page offers it.
let providerSignOut: { url: string; name: string } | null = null;

export function rememberProviderSignOut(url: string | null, name: string | undefined): void {
  providerSignOut = url ? { url, name: name ?? 'your identity provider' } : null;
}

export function ProviderSignOutOffer() {
  const offer = providerSignOut;
  if (!offer) return null;
  return (
    <p className="auth-card__notice" role="status">
      You are signed out of Lectern, but may still be signed in at {offer.name}.{' '}
      <a href={offer.url} onClick={() => (providerSignOut = null)}>
        Sign out of {offer.name} too
      </a>
    </p>
  );
}
