import { Button } from '../../components/ui/button.tsx';
import { useSignOut } from './use-sign-out.ts';

export function SignOutButton() {
  const { signOut, pending, confirmation } = useSignOut();
  return (
    <>
      <Button variant="ghost" size="sm" pending={pending} onClick={() => void signOut()}>
        Sign out
      </Button>
      {confirmation}
    </>
  );
}
