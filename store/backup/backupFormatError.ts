/** The one error a backup that cannot be read raises; nothing has been written when it is thrown. */

/** More lines than this make the message hard to read; the rest stay in `issues`. */
const issuesShownInMessage = 5;

function summarize(issues: readonly string[]): string {
  const shown = issues.slice(0, issuesShownInMessage).map((issue) => `  ${issue}`);
  const hidden = issues.length - shown.length;
  if (hidden > 0) shown.push(`  …and ${hidden} more ${hidden === 1 ? 'problem' : 'problems'}`);
  return `This is not a valid Earshot backup:\n${shown.join('\n')}`;
}

export class BackupFormatError extends Error {
  /** Every problem found, each as `path: what is wrong`. */
  readonly issues: string[];

  constructor(issues: string[]) {
    super(summarize(issues));
    this.name = 'BackupFormatError';
    this.issues = issues;
  }
}
