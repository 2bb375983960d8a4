import type { Session } from 'electron';
import { describe, expect, it } from 'vitest';
import { allowsPermission, confinePermissionsToService } from './permissions.ts';

const service = 'http://127.0.0.1:23456';
const page = `${service}/live`;

describe('allowsPermission', () => {
  it('lets the service page use the microphone and capture the screen', () => {
    expect(
      allowsPermission({ permission: 'media', requestingUrl: page, mediaTypes: ['audio'] }, service),
    ).toBe(true);
    expect(allowsPermission({ permission: 'display-capture', requestingUrl: page }, service)).toBe(true);
  });

  it('refuses the camera, and media requests that do not say which devices', () => {
    const media = (mediaTypes?: string[]) =>
      allowsPermission({ permission: 'media', requestingUrl: page, mediaTypes }, service);
    expect(media(['video'])).toBe(false);
    expect(media(['audio', 'video'])).toBe(false);
    expect(media([])).toBe(false);
    expect(media(undefined)).toBe(false);
  });

  it('refuses every other permission', () => {
    for (const permission of [
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'hid',
      'unknown',
    ]) {
      expect(allowsPermission({ permission, requestingUrl: page }, service)).toBe(false);
    }
  });

  it('refuses pages of any other origin, even for the microphone', () => {
    const requestingUrl = 'https://example.com/';
    expect(allowsPermission({ permission: 'media', requestingUrl, mediaTypes: ['audio'] }, service)).toBe(
      false,
    );
    expect(allowsPermission({ permission: 'display-capture', requestingUrl }, service)).toBe(false);
  });
});

describe('confinePermissionsToService', () => {
  type RequestHandler = NonNullable<Parameters<Session['setPermissionRequestHandler']>[0]>;
  type CheckHandler = NonNullable<Parameters<Session['setPermissionCheckHandler']>[0]>;

  function installedHandlers() {
    const handlers: { request?: RequestHandler; check?: CheckHandler } = {};
    const session = {
      setPermissionRequestHandler: (handler: RequestHandler) => (handlers.request = handler),
      setPermissionCheckHandler: (handler: CheckHandler) => (handlers.check = handler),
    } as unknown as Session;
    confinePermissionsToService(session, service);
    if (handlers.request === undefined || handlers.check === undefined)
      throw new Error('handlers not installed');
    return { request: handlers.request, check: handlers.check };
  }

  it('answers requests with the media types Electron reports', () => {
    const { request } = installedHandlers();
    const answers: boolean[] = [];
    const webContents = {} as Parameters<RequestHandler>[0];
    request(webContents, 'media', (granted) => answers.push(granted), {
      requestingUrl: page,
      isMainFrame: true,
      mediaTypes: ['audio'],
    });
    request(webContents, 'media', (granted) => answers.push(granted), {
      requestingUrl: page,
      isMainFrame: true,
      mediaTypes: ['video'],
    });
    request(webContents, 'geolocation', (granted) => answers.push(granted), {
      requestingUrl: page,
      isMainFrame: true,
    });
    expect(answers).toEqual([true, false, false]);
  });

  it('answers checks by requesting origin and media type', () => {
    const { check } = installedHandlers();
    expect(check(null, 'media', service, { isMainFrame: true, mediaType: 'audio' })).toBe(true);
    expect(check(null, 'media', service, { isMainFrame: true, mediaType: 'video' })).toBe(false);
    expect(check(null, 'media', 'https://example.com', { isMainFrame: true, mediaType: 'audio' })).toBe(
      false,
    );
    expect(check(null, 'display-capture', service, { isMainFrame: true })).toBe(true);
  });
});
