import { TagsSection } from '../library/TagsSection.tsx';
import { TopicsSection } from '../library/TopicsSection.tsx';
import { useSessionCounts } from '../library/useSessionCounts.ts';
import '../styles/sessions.css';
import '../styles/library.css';

/** Topics and tags: what sessions are sorted by. Assigning them happens on a session's page. */
export function LibraryPage() {
  const counts = useSessionCounts();
  return (
    <section className="library-page">
      <h1>Topics &amp; tags</h1>
      <TopicsSection counts={counts.byTopic} />
      <TagsSection counts={counts.byTag} />
    </section>
  );
}
