import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { createElement, lazy, Suspense, useState, type ReactNode } from 'react';
import { toast } from '../../components/ui/toast.tsx';
import { errorMessages } from '../../lib/api-error.ts';
import { jobsStore } from '../../lib/jobs-store.ts';
import { sessionQueries, signOut } from '../../lib/session.ts';
import { unsavedWork } from '../../lib/unsaved-work.ts';
import { clearSessionDrafts } from '../../lib/use-session-draft.ts';
import { rememberProviderSignOut } from './identity-provider-sign-in.tsx';
import { sessionMetaQuery } from '../../lib/session-meta.ts';

// The confirmation and its dialog code load the first time it is needed (few sign-outs leave work):
// the sign-out button sits on every signed-in page and on the no-access page.
const SignOutConfirm = lazy(() =>
  import('./sign-out-confirm.tsx').then((module) => ({ default: module.SignOutConfirm })),
);

/**
 * Ends the server session, forgets everything cached for this user and returns to sign-in. With
 * unsaved work on the page it asks first (`confirmation`, to render): nothing ends before "Leave".
 */
export function useSignOut(): {
  signOut(): Promise<void>;
  pending: boolean;
  confirmation: ReactNode;
} {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState<string[] | null>(null);
  // Stays mounted once shown, so that the dialog can close (and give focus back) as it should.
  const [asked, setAsked] = useState(false);
  const run = async () => {
    setAsking(null);
    setPending(true);
    try {
      const signedInWith = queryClient.getQueryData(
        sessionQueries.current().queryKey,
      )?.signedInWith;
      // The meta is loaded by the sign-in page, which a provider's sign-in skips: ask for it then.
      const meta =
        signedInWith === 'identityProvider'
          ? await queryClient.ensureQueryData(sessionMetaQuery()).catch(() => undefined)
          : undefined;
      const provider = meta?.signIn.identityProvider;
      await signOut();
      // Signed in through the provider: offer its end-session page on the sign-in page.
      rememberProviderSignOut(
        signedInWith === 'identityProvider' ? (provider?.signOutUrl ?? null) : null,
        provider?.name,
      );
      queryClient.clear();
      queryClient.setQueryData(sessionQueries.current().queryKey, null);
      jobsStore.unload();
      clearSessionDrafts();
      // Already asked: the editor's own "Leave the editor?" would only ask again.
      await router.navigate({ to: '/sign-in', ignoreBlocker: true });
      toast.success('Signed out');
    } catch (error) {
      toast.error(`Sign-out failed: ${errorMessages(error).join(' ')}`);
    } finally {
      setPending(false);
    }
  };
  const start = async () => {
    const left = unsavedWork();
    if (left.length > 0) {
      setAsked(true);
      setAsking(left);
    } else await run();
  };
  const confirmation = asked
    ? createElement(
        Suspense,
        { fallback: null },
        createElement(SignOutConfirm, {
          unsaved: asking,
          onStay: () => setAsking(null),
          onLeave: () => void run(),
        }),
      )
    : null;
  return { signOut: start, pending, confirmation };
}
