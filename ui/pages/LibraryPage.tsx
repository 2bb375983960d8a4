/** Placeholder until the page is written (issue #6). */
export function LibraryPage(_props: Record<string, unknown>) {
  return <h1>Library</h1>;
}
