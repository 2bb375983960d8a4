/** Placeholder until the page is written (issue #6). */
export function SessionPage(_props: Record<string, unknown>) {
  return <h1>Session</h1>;
}
