import { EmptyState, type StateProps } from '../empty-state/EmptyState';

/** Something failed: announced at once (role alert), with an optional action such as Retry. */
export function ErrorState(props: StateProps) {
  return <EmptyState {...props} alert />;
}
