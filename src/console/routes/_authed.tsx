// Everything behind sign-in. Signed-out visitors go to sign-in (and come back afterwards); people the
// instance accepts but the console gives no role go to the no-access page.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from './-components/app-shell.tsx';

export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context, location }) => {
    const session = context.session;
    if (!session) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    const role = session.role;
    if (role === null) throw redirect({ to: '/no-access' });
    return { user: session.user, role, capabilities: session.capabilities };
  },
  component: AppShell,
});
