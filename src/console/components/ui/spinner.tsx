export interface SpinnerProps {
  size?: 'sm' | 'md';
  /** Announced to screen readers; empty when the surrounding text already says what is happening. */
  label?: string;
}

export function Spinner({ size = 'md', label = 'Loading' }: SpinnerProps) {
  return (
    <span
      className={`spinner spinner--${size}`}
      role={label ? 'status' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** A full-area loading placeholder for route transitions. */
export function PendingState({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="pending-state">
      <Spinner label={label} />
      <span aria-hidden="true">{label}…</span>
    </div>
  );
}
