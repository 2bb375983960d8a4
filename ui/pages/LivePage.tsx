/** Placeholder until the page is written (issue #6). */
export function LivePage(_props: Record<string, unknown>) {
  return <h1>Live</h1>;
}
