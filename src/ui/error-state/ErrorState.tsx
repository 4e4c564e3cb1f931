import { EmptyState, type StateProps } from '../empty-state/EmptyState';

/** Something failed: announced at once (role alert), with an optional action such as Retry. */
export function ErrorState(props: StateProps & { heading?: 'h1' | 'h2' }) {
  return <EmptyState {...props} alert />;
}
