/** Placeholder until the page is written (issue #6). */
export function FilesPage(_props: Record<string, unknown>) {
  return <h1>Files</h1>;
}
