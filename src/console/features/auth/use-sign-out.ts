import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from '../../components/ui/toast.tsx';
import { errorMessages } from '../../lib/api-error.ts';
import { jobsStore } from '../../lib/jobs-store.ts';
import { sessionQueries, signOut } from '../../lib/session.ts';
import { clearSessionDrafts } from '../../lib/use-session-draft.ts';
import { rememberProviderSignOut } from './identity-provider-sign-in.tsx';

/** Ends the server session, forgets everything cached for this user and returns to sign-in. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const signedInWith = queryClient.getQueryData(
        sessionQueries.current().queryKey,
      )?.signedInWith;
      // The meta is loaded by the sign-in page, which a provider's sign-in skips: ask for it then.
      const meta =
        signedInWith === 'identityProvider'
          ? await queryClient.ensureQueryData(sessionQueries.meta()).catch(() => undefined)
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
      await router.navigate({ to: '/sign-in' });
      toast.success('Signed out');
    } catch (error) {
      toast.error(`Sign-out failed: ${errorMessages(error).join(' ')}`);
    } finally {
      setPending(false);
    }
  };
  return { signOut: run, pending };
}
