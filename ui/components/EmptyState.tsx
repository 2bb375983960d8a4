import type { ReactNode } from 'react';

/** What an empty page shows: what is missing, and the next thing to do about it. */
export function EmptyState(props: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <h2>{props.title}</h2>
      <p>{props.children}</p>
      {props.action}
    </div>
  );
}
