/**
 * Whether `url` has the service's origin (scheme, host and port). The window, its permissions and
 * its capture are all confined to that one origin; text that is not a URL has no origin.
 */
export function isServiceOrigin(url: string, serviceBaseUrl: string): boolean {
  return URL.canParse(url) && new URL(url).origin === new URL(serviceBaseUrl).origin;
}
