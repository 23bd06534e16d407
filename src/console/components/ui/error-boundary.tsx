// Local error boundary for a part of a page (the route keeps its frame); retry resets the failed queries.
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ReactNode } from 'react';
import { isApiError } from '../../lib/api-error.ts';
import { ErrorState } from './error-state.tsx';

interface BoundaryProps {
  onReset(): void;
  /** A change of any key clears a shown error (e.g. the user picked other filters). */
  resetKeys: readonly unknown[];
  children: ReactNode;
  title?: string;
}

interface BoundaryState {
  error: unknown;
  keys: readonly unknown[];
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, keys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    const changed =
      props.resetKeys.length !== state.keys.length ||
      props.resetKeys.some((key, index) => !Object.is(key, state.keys[index]));
    return changed ? { error: null, keys: props.resetKeys } : null;
  }

  retry = () => {
    this.props.onReset();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error !== null) {
      // Retrying cannot find what does not exist.
      const missing = isApiError(this.state.error) && this.state.error.kind === 'not-found';
      return (
        <ErrorState
          error={this.state.error}
          title={this.props.title}
          onRetry={missing ? undefined : this.retry}
        />
      );
    }
    return this.props.children;
  }
}

export function QueryBoundary({
  children,
  resetKeys = [],
  title,
}: {
  children: ReactNode;
  resetKeys?: readonly unknown[];
  title?: string;
}) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <Boundary onReset={reset} resetKeys={resetKeys} title={title}>
          {children}
        </Boundary>
      )}
    </QueryErrorResetBoundary>
  );
}
