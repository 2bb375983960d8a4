import type { QuestionHandlers } from '../../ai/artefacts/sessionQuestion.ts';
import { ThrottledWrite } from './throttledWrite.ts';

/**
 * How often, at most, a growing answer is written to the store: often enough that the page shows
 * it grow, seldom enough that a fast model does not cost a write per word.
 */
const answerWriteIntervalMs = 250;

/**
 * An answer written into the store as the model writes it (a question's, about a session or the
 * library): at most every 250 ms, started over when the model is asked again, and never again once
 * the job has ended, so a late write cannot undo the saved answer.
 */
export class GrowingAnswer {
  private text = '';
  private ended = false;
  private readonly writes: ThrottledWrite;

  constructor(write: (answer: string) => void) {
    this.writes = new ThrottledWrite(answerWriteIntervalMs, () => {
      if (!this.ended) write(this.text);
    });
  }

  /** What the generation code is handed: each new piece of the answer, and a start over. */
  readonly handlers: Required<QuestionHandlers> = {
    onText: (text) => {
      this.text += text;
      this.writes.request();
    },
    onRestart: () => this.startOver(),
  };

  /** Before a try: what a try before it (cut off by a transient failure) streamed is withdrawn. */
  beginTry(): void {
    if (this.text !== '') this.startOver();
  }

  /** After a try, however it went: a write still waiting is dropped. */
  endTry(): void {
    this.writes.cancel();
  }

  /** The job has ended: nothing more is written. */
  end(): void {
    this.ended = true;
    this.writes.cancel();
  }

  private startOver(): void {
    this.text = '';
    this.writes.writeNow();
  }
}
