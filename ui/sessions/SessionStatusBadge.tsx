import type { SessionStatus } from '../../store/records.ts';

const looks: Record<SessionStatus, { label: string; className: string }> = {
  recording: { label: 'Recording', className: 'badge badge-warning' },
  completed: { label: 'Completed', className: 'badge badge-success' },
  interrupted: { label: 'Interrupted', className: 'badge badge-danger' },
};

export const sessionStatusLabels: Record<SessionStatus, string> = {
  recording: looks.recording.label,
  completed: looks.completed.label,
  interrupted: looks.interrupted.label,
};

export function SessionStatusBadge(props: { status: SessionStatus }) {
  const look = looks[props.status];
  return <span className={look.className}>{look.label}</span>;
}
