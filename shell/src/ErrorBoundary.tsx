import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** Shown in place of the children once one of them threw while rendering. */
  fallback: ReactNode;
  /** While the fallback shows, a change in any of these renders the children again. */
  resetKeys?: readonly unknown[];
  onError?: (error: unknown, info: ErrorInfo) => void;
  children?: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
  keys?: readonly unknown[];
}

const changed = (a: readonly unknown[] = [], b: readonly unknown[] = []) =>
  a.length !== b.length || a.some((key, at) => !Object.is(key, b[at]));

/**
 * A part of the page that failed (a lazy part whose code did not load, a remote's page that threw)
 * shows its fallback while the rest of the page goes on. The shell's own rather than a library's:
 * these few lines are all the shell uses of one, and every page's first render loads them.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, keys: this.props.resetKeys };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> {
    return { keys: props.resetKeys, ...(state.failed && changed(props.resetKeys, state.keys) && { failed: false }) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
