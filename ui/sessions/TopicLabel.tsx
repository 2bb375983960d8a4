import type { Topic } from '../../store/records.ts';

export function TopicLabel(props: { topic: Pick<Topic, 'name' | 'emoji'> }) {
  return (
    <span className="topic-label">
      <span aria-hidden="true">{props.topic.emoji}</span> {props.topic.name}
    </span>
  );
}
