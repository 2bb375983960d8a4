import type { CSSProperties } from 'react';
import type { Tag } from '../../store/records.ts';

/**
 * The tag's colour for a `.tag-chip`. The colour is the user's choice, so it only tints the chip's
 * border and dot; the text keeps the theme's colours and stays readable in light and dark.
 */
export function tagColorStyle(color: string): CSSProperties {
  return { '--tag-color': color } as CSSProperties;
}

export function TagChip(props: { tag: Pick<Tag, 'name' | 'color'> }) {
  return (
    <span className="tag-chip" style={tagColorStyle(props.tag.color)}>
      <span className="tag-dot" aria-hidden="true" />
      {props.tag.name}
    </span>
  );
}
