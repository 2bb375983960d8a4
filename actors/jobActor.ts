/** The part of an xstate actor a job needs; its snapshot says whether it still runs. */
export interface JobActor<Snapshot extends { status: string }, Event> {
  getSnapshot(): Snapshot;
  subscribe(observer: (snapshot: Snapshot) => void): unknown;
  send(event: Event): void;
  start(): unknown;
}

export interface FollowedJob<Status, Event> {
  status: () => Status;
  /** Calls `listener` with every change of state or progress; returns the unsubscribe function. */
  subscribe: (listener: (status: Status) => void) => () => void;
  /** Sends `event` unless the job has ended: an ended job ignores requests quietly (xstate would warn). */
  send: (event: Event) => void;
  isActive: () => boolean;
  /** What `whenEnded` makes of the final snapshot, once the job has ended. */
  finished: Promise<Status>;
}

/**
 * Starts a job's actor and follows it the way the job supervisors (file jobs, AI jobs) need: its
 * status as it changes, to any number of listeners, and the promise of its end, after
 * `whenEnded` has cleaned up and recorded it.
 */
export function followJobActor<Snapshot extends { status: string }, Status, Event>(
  actor: JobActor<Snapshot, Event>,
  toStatus: (snapshot: Snapshot) => Status,
  whenEnded: (snapshot: Snapshot) => Promise<Status>,
): FollowedJob<Status, Event> {
  const listeners = new Set<(status: Status) => void>();
  let ended: (snapshot: Snapshot) => void = () => undefined;
  const finished = new Promise<Snapshot>((resolve) => (ended = resolve)).then(whenEnded);
  actor.subscribe((snapshot) => {
    const status = toStatus(snapshot);
    for (const listener of listeners) listener(status);
    if (snapshot.status === 'done') ended(snapshot);
  });
  actor.start();
  const isActive = () => actor.getSnapshot().status === 'active';
  return {
    status: () => toStatus(actor.getSnapshot()),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send: (event) => {
      if (isActive()) actor.send(event);
    },
    isActive,
    finished,
  };
}
