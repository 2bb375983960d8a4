import { useEffect, useRef } from 'react';

/** whisper-server's last lines (and a build's), following the end unless the user scrolled up to read. */
export function RuntimeLog(props: { lines: string[] }) {
  const box = useRef<HTMLPreElement>(null);
  const following = useRef(true);
  const text = props.lines.join('\n');
  useEffect(() => {
    const element = box.current;
    if (element !== null && following.current) element.scrollTop = element.scrollHeight;
  }, [text]);
  return (
    <pre
      ref={box}
      className="runtime-log"
      tabIndex={0}
      aria-label="Runtime log"
      data-testid="runtime-log"
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
      }}
    >
      {text === ''
        ? 'No output yet. whisper-server writes here once it starts, and a build while it runs.'
        : text}
    </pre>
  );
}
