import { OutputTail } from '../../actors/whisperRuntime/outputTail.ts';

export type RuntimeTaskKind = 'build' | 'download-model';

/** The latest background task of the runtime panel; all null before the first one. */
export interface RuntimeTaskStatus {
  kind: RuntimeTaskKind | null;
  state: 'running' | 'succeeded' | 'failed' | null;
  /** 0..1, when the task can tell. */
  progress: number | null;
  /** What it is doing, what it achieved, or why it failed. */
  message: string | null;
}

/** How a running task reports back. */
export interface RuntimeTaskReport {
  progress: (fraction: number) => void;
  /** Output text as it comes (a build's compiler lines); kept as the tail of the log. */
  output: (text: string) => void;
}

/** Lines of a task's output kept for the panel. */
export const taskLogLines = 50;

/**
 * The runtime panel's long jobs (building whisper-server, downloading a model), run in the
 * background one at a time: both write the runtime's files, and one bar of progress is what the
 * panel shows. The latest task's status and output stay until the next one starts.
 */
export class RuntimeTasks {
  private current:
    | {
        kind: RuntimeTaskKind;
        state: 'running' | 'succeeded' | 'failed';
        progress: number | null;
        message: string;
      }
    | undefined;
  private output = new OutputTail(taskLogLines);

  status(): RuntimeTaskStatus {
    const current = this.current;
    if (current === undefined) return { kind: null, state: null, progress: null, message: null };
    return { ...current };
  }

  log(): string[] {
    return this.output.snapshot();
  }

  isRunning(): boolean {
    return this.current?.state === 'running';
  }

  /**
   * Starts `work` unless a task is running (then false). `work` resolves with what it achieved,
   * which becomes the message; its error's message becomes the failure's.
   */
  start(
    kind: RuntimeTaskKind,
    message: string,
    work: (report: RuntimeTaskReport) => Promise<string>,
  ): boolean {
    if (this.isRunning()) return false;
    const task: NonNullable<typeof this.current> = { kind, state: 'running', progress: null, message };
    const output = new OutputTail(taskLogLines);
    this.current = task;
    this.output = output;
    const report: RuntimeTaskReport = {
      progress: (fraction) => {
        task.progress = Math.min(1, Math.max(0, fraction));
      },
      output: (text) => output.append(text),
    };
    void Promise.resolve()
      .then(() => work(report))
      .then(
        (achieved) => Object.assign(task, { state: 'succeeded', progress: 1, message: achieved }),
        (error: unknown) =>
          Object.assign(task, {
            state: 'failed',
            message: error instanceof Error ? error.message : String(error),
          }),
      );
    return true;
  }
}
