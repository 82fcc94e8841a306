import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: unknown;
}

/**
 * An island that fails to render says so in its place (with the heading the spec gives routing
 * errors) instead of leaving a part of the page that looks usable and is not; the rest of the page,
 * plain HTML, goes on working.
 */
export class IslandErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn('A part of the page failed:', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert">
        <h2>Unexpected Application Error!</h2>
        <p>
          {this.state.error instanceof Error ? this.state.error.message : 'Something went wrong.'} Please reload the page, or{' '}
          <a href="/">go to the home page</a>.
        </p>
      </div>
    );
  }
}
