import { Component, type ReactNode } from 'react';

type Props = {
  children: ReactNode;
  /** What shows in the children's place once they failed; `retry` renders them again. */
  fallback: (retry: () => void) => ReactNode;
  /** Runs before a retry renders the children again (a block's fresh import of its code). */
  onRetry?: () => void;
};

/**
 * Keeps a failure where it happened: a chunk that did not load or a render that threw shows `fallback` in the
 * children's place, and the rest of the page keeps working.
 */
export class FailureBoundary extends Component<Props, { failed: boolean }> {
  // Set in the constructor: a class field would bring the build's field helper into the first load (target es2020).
  constructor(props: Props) {
    super(props);
    this.state = { failed: false };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback(() => {
      this.props.onRetry?.();
      this.setState({ failed: false });
    });
  }
}
