import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { createElement, useState, type ReactNode } from 'react';
import { toast } from '../../components/ui/toast.tsx';
import { errorMessages } from '../../lib/api-error.ts';
import { jobsStore } from '../../lib/jobs-store.ts';
import { sessionQueries, signOut } from '../../lib/session.ts';
import { unsavedWork } from '../../lib/unsaved-work.ts';
import { clearSessionDrafts } from '../../lib/use-session-draft.ts';
import { rememberProviderSignOut } from './identity-provider-sign-in.tsx';
import { SignOutConfirm } from './sign-out-confirm.tsx';
import { sessionMetaQuery } from '../../lib/session-meta.ts';

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
    if (left.length > 0) setAsking(left);
    else await run();
  };
  const confirmation = createElement(SignOutConfirm, {
    unsaved: asking,
    onStay: () => setAsking(null),
    onLeave: () => void run(),
  });
  return { signOut: start, pending, confirmation };
}
