// The grant form's checks and state (react-hook-form and its Zod resolver, 13 KB gzip) load after the
// roles page's first content (docs/decisions/loading-strategy.md). Until they arrive, the same markup
// holds what is typed and chosen, the focus and a press of "Grant role", and hands them over.
import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import type { ConsoleRole } from '#contract/console/access.ts';
import { lateComponent, usePreloadAfterFirstContent } from '../../components/late-component.tsx';
import { GrantRoleCard } from './grant-role-card.tsx';
import { HeldGrant } from './held-grant.ts';

const LiveForm = lateComponent(() =>
  import('./grant-role-form.tsx').then((module) => module.GrantRoleForm),
);

interface Props {
  ownEmail: string;
  descriptions: Partial<Record<ConsoleRole, string>>;
}

export function GrantRoleForm(props: Props) {
  usePreloadAfterFirstContent(LiveForm);
  const [held] = useState(() => new HeldGrant());
  return (
    <Suspense fallback={<HeldGrantForm held={held} descriptions={props.descriptions} />}>
      <LiveForm.Component {...props} held={held} />
    </Suspense>
  );
}

function HeldGrantForm({
  held,
  descriptions,
}: {
  held: HeldGrant;
  descriptions: Partial<Record<ConsoleRole, string>>;
}) {
  const [role, setRole] = useState(held.role);
  const [submitted, setSubmitted] = useState(held.submitted);
  const form = useRef<HTMLFormElement>(null);
  // Before this markup is removed (layout cleanups run first): which of its fields has focus.
  useLayoutEffect(() => {
    const node = form.current;
    return () => {
      const active = document.activeElement;
      const name = active?.getAttribute('name');
      held.left(node?.contains(active) && (name === 'email' || name === 'role') ? name : null);
    };
  }, [held]);
  return (
    <GrantRoleCard
      formRef={form}
      descriptions={descriptions}
      role={role}
      onSubmit={(event) => {
        event.preventDefault();
        held.press();
        setSubmitted(true);
      }}
      email={{
        name: 'email',
        defaultValue: held.email,
        onChange: (event) => {
          held.typed(event.target.value);
        },
      }}
      roleSelect={{
        name: 'role',
        defaultValue: held.role,
        onChange: (event) => {
          const chosen = event.target.value as ConsoleRole;
          held.chose(chosen);
          setRole(chosen);
        },
      }}
      errors={{}}
      pending={submitted}
    />
  );
}
