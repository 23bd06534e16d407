import type { ReactNode } from 'react';
import { errorMessages, isApiError } from '../../lib/api-error.ts';
import { Button } from './button.tsx';

export interface ErrorStateProps {
  error: unknown;
  title?: ReactNode;
  /** Offered for every error; stated as the main action when the error may be transient. */
  onRetry?: () => void;
  /** The retry button's words, when retrying means something else than asking again. */
  retryLabel?: string;
  compact?: boolean;
}

function defaultTitle(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong';
  switch (error.kind) {
    case 'unavailable':
      return 'The Content API is unavailable';
    case 'throttled':
      return 'Throttled by the Content API';
    case 'not-found':
      return 'Not found';
    case 'forbidden':
      return 'Not allowed';
    case 'validation':
      return 'The Content API refused the request';
    case 'contract':
      return 'Unexpected answer from the Content API';
    default:
      return 'Something went wrong';
  }
}

export function ErrorState({
  error,
  title,
  onRetry,
  retryLabel = 'Retry',
  compact = false,
}: ErrorStateProps) {
  const messages = errorMessages(error);
  const status = isApiError(error) && error.status ? `HTTP ${error.status}` : null;
  return (
    <div className={`error-state${compact ? ' error-state--compact' : ''}`} role="alert">
      <p className="error-state__title">
        {title ?? defaultTitle(error)}
        {status ? <span className="error-state__status">{status}</span> : null}
      </p>
      <ul className="message-list">
        {messages.map((message, index) => (
          <li key={index}>{message}</li>
        ))}
      </ul>
      {onRetry ? (
        <Button variant="primary" size={compact ? 'sm' : 'md'} onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
