import { useId, useRef, useState } from 'react';

/**
 * A new secret (the API token, a webhook's signing secret), shown this once: read-only, with a Copy
 * button. Where the clipboard is not offered (an insecure origin, a refused permission), the text is
 * selected for the user to copy. `label` and `kept` (what Earshot keeps of it) default to the token's.
 */
export function ShownToken(props: { token: string; label?: string; kept?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'copied' | 'selected'>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.token);
      setCopied('copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopied('selected');
    }
  };
  return (
    <div className="notice notice-warning shown-token">
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {props.label ?? 'New token'}
        </label>
        <div className="token-field">
          <input
            ref={input}
            id={id}
            readOnly
            value={props.token}
            spellCheck={false}
            onFocus={(event) => event.target.select()}
            aria-describedby={`${id}-note`}
          />
          <button type="button" onClick={() => void copy()}>
            Copy
          </button>
        </div>
        <span className="field-hint" id={`${id}-note`} role="status">
          {copied === 'copied'
            ? 'Copied to the clipboard. '
            : copied === 'selected'
              ? 'The clipboard is not available here: it is selected, press Ctrl+C (⌘C) to copy it. '
              : ''}
          Copy it now: {props.kept ?? 'Earshot keeps only a fingerprint of it'} and will not show it again.
          Leaving this page forgets it.
        </span>
      </div>
    </div>
  );
}
