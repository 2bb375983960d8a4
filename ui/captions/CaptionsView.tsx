import { type CSSProperties, type ReactNode, type Ref, useState } from 'react';
import { hasOwnTitle } from '../sessions/sessionDisplayTitle.ts';
import type { CaptionFollow, CaptionState } from './captionLines.ts';
import {
  type CaptionSettings,
  fontSizes,
  opacities,
  readCaptionSettings,
  saveCaptionSettings,
} from './captionSettings.ts';
import type { StreamStatus } from './serviceEventStream.ts';
import { useCaptions } from './useCaptions.ts';
import '../styles/captions.css';

/**
 * Live captions: the newest committed words and the tentative tail in two lines that keep their
 * height, the translation under them when the session has one, and which session it is. Text size
 * and the backdrop's opacity are kept in this browser's storage.
 */
export function CaptionsView({
  follow,
  className,
  controls,
  ref,
}: {
  follow: CaptionFollow;
  /** More classes for the frame (the desktop overlay's). */
  className?: string;
  /** More buttons beside the size and opacity ones. */
  controls?: ReactNode;
  /** The frame, for the overlay to measure. */
  ref?: Ref<HTMLDivElement>;
}) {
  const { captions, status } = useCaptions(follow);
  const [settings, setSettings] = useState(readCaptionSettings);
  const change = (patch: Partial<CaptionSettings>) => {
    const changed = { ...settings, ...patch };
    saveCaptionSettings(changed);
    setSettings(changed);
  };
  const style = {
    '--caption-size': `${settings.fontSize}px`,
    '--caption-backdrop': settings.opacity,
  } as CSSProperties;
  return (
    <div
      ref={ref}
      className={['captions', className].filter(Boolean).join(' ')}
      style={style}
      data-testid="captions"
    >
      <div className="captions-bar">
        <h1 className="captions-session" data-testid="captions-session">
          {sessionLine(captions, status)}
        </h1>
        <span className="captions-controls">
          <SettingButton
            sign="A−"
            label="Smaller text"
            disabled={settings.fontSize <= fontSizes.smallest}
            onClick={() => change({ fontSize: settings.fontSize - fontSizes.step })}
          />
          <SettingButton
            sign="A+"
            label="Larger text"
            disabled={settings.fontSize >= fontSizes.largest}
            onClick={() => change({ fontSize: settings.fontSize + fontSizes.step })}
          />
          <SettingButton
            sign="◌"
            label="More transparent"
            disabled={settings.opacity <= opacities.lowest}
            onClick={() => change({ opacity: stepped(settings.opacity - opacities.step) })}
          />
          <SettingButton
            sign="●"
            label="More opaque"
            disabled={settings.opacity >= opacities.highest}
            onClick={() => change({ opacity: stepped(settings.opacity + opacities.step) })}
          />
          {controls}
        </span>
      </div>
      <p className="captions-lines" aria-live="polite" data-testid="captions-lines">
        <span>
          <span data-testid="captions-committed">{captions.committed}</span>{' '}
          <span className="captions-tentative" data-testid="captions-tentative">
            {captions.tentative}
          </span>
        </span>
      </p>
      {captions.translation !== '' && (
        <p className="captions-lines captions-translation" data-testid="captions-translation">
          <span>{captions.translation}</span>
        </p>
      )}
    </div>
  );
}

/** A small button that shows a sign and is named in words (its words are read, the sign is not). */
function SettingButton(props: { sign: string; label: string; disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" title={props.label} disabled={props.disabled} onClick={props.onClick}>
      <span aria-hidden="true">{props.sign}</span>
      <span className="visually-hidden">{props.label}</span>
    </button>
  );
}

function sessionLine(captions: CaptionState, status: StreamStatus): string {
  if (status === 'refused') return 'Not signed in: open the app again (earshot open) to see captions.';
  if (status === 'waiting') return 'Reconnecting to the service…';
  const { session } = captions;
  if (session === undefined) {
    return captions.follow.kind === 'recording' ? 'Waiting for a recording…' : 'Reading the session…';
  }
  const name = hasOwnTitle(session.title) ? session.title : 'Live session';
  if (captions.ended !== undefined)
    return `${name} · ${captions.ended === 'completed' ? 'ended' : 'interrupted'}`;
  return name;
}

/** Steps of a tenth, without the float's trailing digits. */
function stepped(opacity: number): number {
  return Math.round(opacity * 10) / 10;
}
