import type { ReactNode } from 'react';
import type { Status } from '#contract/enums.ts';
import { STATUS_LABELS, STATUS_TONES, type Tone } from '../../lib/format.ts';

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}

export function StatusBadge({ status }: { status: Status }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
