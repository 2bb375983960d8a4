/** Placeholder until the page is written (issue #6). */
export function SessionsPage(_props: Record<string, unknown>) {
  return <h1>Sessions</h1>;
}
