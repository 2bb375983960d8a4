/** Placeholder until the page is written (issue #6). */
export function SettingsPage(_props: Record<string, unknown>) {
  return <h1>Settings</h1>;
}
