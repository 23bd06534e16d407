// A definition list of facts about an item: label and value, two columns wide, one on a phone.
import type { ReactNode } from 'react';

export function FactList({ facts }: { facts: readonly [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {facts.map(([label, value]) => (
        <div key={label} className="facts__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
