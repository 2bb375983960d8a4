import type { Session } from 'electron';
import { isServiceOrigin } from './serviceOrigin.ts';

export interface PermissionQuestion {
  permission: string;
  /** The URL or origin of the page asking. */
  requestingUrl: string;
  /** For `media`: which devices; anything but the microphone is refused. */
  mediaTypes?: readonly string[];
}

/**
 * The service's own page may use the microphone and capture the screen (for system audio);
 * nothing else, and no other page, gets any permission.
 */
export function allowsPermission(question: PermissionQuestion, serviceBaseUrl: string): boolean {
  if (!isServiceOrigin(question.requestingUrl, serviceBaseUrl)) return false;
  switch (question.permission) {
    case 'media': {
      const mediaTypes = question.mediaTypes ?? [];
      return mediaTypes.length > 0 && mediaTypes.every((mediaType) => mediaType === 'audio');
    }
    case 'display-capture':
      return true;
    default:
      return false;
  }
}

/** Answers the session's permission requests and checks with `allowsPermission`. */
export function confinePermissionsToService(session: Session, serviceBaseUrl: string): void {
  session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    callback(
      allowsPermission({ permission, requestingUrl: details.requestingUrl, mediaTypes }, serviceBaseUrl),
    );
  });
  session.setPermissionCheckHandler((_webContents, permission, requestingOrigin, details) =>
    allowsPermission(
      {
        permission,
        requestingUrl: requestingOrigin,
        mediaTypes: details.mediaType === undefined ? undefined : [details.mediaType],
      },
      serviceBaseUrl,
    ),
  );
}
