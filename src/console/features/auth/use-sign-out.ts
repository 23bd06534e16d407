import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { createElement, useState, type ReactNode } from 'react';
import { toast } from '../../components/ui/toast.tsx';
import { errorMessages } from '../../lib/api-error.ts';
import { jobsStore } from '../../lib/jobs-store.ts';
import { sessionQueries, signOut } from '../../lib/session.ts';
import { unsavedWork } from '../../lib/unsaved-work.ts';
import { clearSessionDrafts } from '../../lib/use-session-draft.ts';
import { SignOutConfirm } from './sign-out-confirm.tsx';

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
      await signOut();
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
