import { useId, type ReactElement, type ReactNode } from 'react';

/** What a field's control spreads onto itself: its id and the wiring to its hint and error. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Something to check that is not an error (the API accepts the value): said beside the error. */
  warning?: string | undefined;
  /** Characters left under the limit, counting down as the user types; marked when over it. */
  counter?: { count: number; max: number } | undefined;
  /** A fixed id for the control (to focus it from elsewhere); generated when absent. */
  id?: string | undefined;
  /** `check`: a checkbox with its label beside it. */
  layout?: 'stacked' | 'check';
  /** The error arrives after an action (a lookup, a request): announce it when it appears. */
  announceError?: boolean;
  className?: string | undefined;
  /** Renders the control: spread the props onto it (`<input {...control} />`). */
  children: (control: ControlProps) => ReactElement;
}

/**
 * Label + control + hint + counter + error, wired with ids so assistive technology reads them
 * together. The one place that wires `aria-describedby` and `aria-invalid`.
 */
export function Field({
  label,
  hint,
  error,
  warning,
  counter,
  id: fixedId,
  layout = 'stacked',
  announceError = false,
  className,
  children,
}: FieldProps) {
  const generated = useId();
  const id = fixedId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const countId = counter ? `${id}-count` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const warningId = warning ? `${id}-warning` : undefined;
  const control: ControlProps = {
    id,
    'aria-describedby':
      [hintId, countId, errorId, warningId].filter(Boolean).join(' ') || undefined,
    'aria-invalid': error ? true : undefined,
  };
  const classes = `field${layout === 'check' ? ' field--check' : ''}${className ? ` ${className}` : ''}`;
  return (
    <div className={classes}>
      {layout === 'check' ? (
        <label className="check" htmlFor={id}>
          {children(control)}
          {label}
        </label>
      ) : (
        <>
          <Label htmlFor={id}>{label}</Label>
          {children(control)}
        </>
      )}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {counter ? (
        <p
          className={`field__hint${counter.count > counter.max ? ' field__error' : ''}`}
          id={countId}
        >
          {counter.count <= counter.max
            ? `${(counter.max - counter.count).toLocaleString('en-US')} of ${counter.max.toLocaleString('en-US')} characters left`
            : `${(counter.count - counter.max).toLocaleString('en-US')} characters over the limit of ${counter.max.toLocaleString('en-US')}`}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId} role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
      {warning ? (
        <p className="field__warning" id={warningId}>
          {warning}
        </p>
      ) : null}
    </div>
  );
}

export function Label({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {children}
    </label>
  );
}
