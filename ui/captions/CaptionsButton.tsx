import type { CaptionFollow } from './captionLines.ts';
import { openCaptions } from './openCaptions.tsx';

/** Opens live captions in a small window on top of others (see openCaptions). */
export function CaptionsButton(props: { follow: CaptionFollow }) {
  return (
    <button type="button" onClick={() => void openCaptions(props.follow)} data-testid="open-captions">
      Captions
    </button>
  );
}
