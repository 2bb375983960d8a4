import type { DesktopCapturerSource, Session, Streams } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerDisplayMediaRequests } from './systemAudioCapture.ts';

const electron = vi.hoisted(() => ({
  getSources: vi.fn<() => Promise<Partial<DesktopCapturerSource>[]>>(),
  primaryDisplayId: 2,
}));

vi.mock('electron', () => ({
  desktopCapturer: { getSources: electron.getSources },
  screen: { getPrimaryDisplay: () => ({ id: electron.primaryDisplayId }) },
}));

type DisplayMediaHandler = NonNullable<Parameters<Session['setDisplayMediaRequestHandler']>[0]>;
type DisplayMediaRequest = Parameters<DisplayMediaHandler>[0];

const service = 'http://127.0.0.1:23456';
const screens = [
  { id: 'screen:1:0', name: 'Screen 1', display_id: '1' },
  { id: 'screen:2:0', name: 'Screen 2', display_id: '2' },
];

function request(overrides: Partial<DisplayMediaRequest> = {}): DisplayMediaRequest {
  return {
    frame: null,
    securityOrigin: service,
    videoRequested: true,
    audioRequested: true,
    userGesture: true,
    ...overrides,
  };
}

/** Installs the handler for `platform`, asks it once and resolves with its answer. */
function answer(platform: NodeJS.Platform, displayRequest: DisplayMediaRequest): Promise<Streams | null> {
  let handler: DisplayMediaHandler | undefined;
  const session = {
    setDisplayMediaRequestHandler: (installed: DisplayMediaHandler) => (handler = installed),
  } as unknown as Session;
  answerDisplayMediaRequests(session, service, platform);
  return new Promise((resolve) => handler?.(displayRequest, resolve));
}

beforeEach(() => {
  electron.getSources.mockReset().mockResolvedValue(screens);
});

describe('answerDisplayMediaRequests', () => {
  it("grants the primary screen with the system's audio looped back on Windows", async () => {
    expect(await answer('win32', request())).toEqual({ video: screens[1], audio: 'loopback' });
    expect(electron.getSources).toHaveBeenCalledWith(expect.objectContaining({ types: ['screen'] }));
  });

  it('grants the screen without audio where Electron cannot loop audio back', async () => {
    expect(await answer('darwin', request())).toEqual({ video: screens[1] });
    expect(await answer('linux', request())).toEqual({ video: screens[1] });
  });

  it('adds no audio when the page did not ask for it', async () => {
    expect(await answer('win32', request({ audioRequested: false }))).toEqual({ video: screens[1] });
  });

  it('falls back to the first screen when none is reported as the primary display', async () => {
    electron.getSources.mockResolvedValue([screens[0] ?? {}]);
    expect(await answer('win32', request())).toEqual({ video: screens[0], audio: 'loopback' });
  });

  it('refuses pages of another origin without looking at the screens', async () => {
    expect(await answer('win32', request({ securityOrigin: 'https://example.com' }))).toBeNull();
    expect(electron.getSources).not.toHaveBeenCalled();
  });

  it('refuses when there is no screen to capture or the screens cannot be listed', async () => {
    electron.getSources.mockResolvedValue([]);
    expect(await answer('win32', request())).toBeNull();
    electron.getSources.mockRejectedValue(new Error('screen capture is not permitted'));
    expect(await answer('win32', request())).toBeNull();
  });
});
