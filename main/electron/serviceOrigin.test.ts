import { describe, expect, it } from 'vitest';
import { isServiceOrigin } from './serviceOrigin.ts';

const service = 'http://127.0.0.1:23456';

describe('isServiceOrigin', () => {
  it('accepts any path, query or fragment on the service origin', () => {
    expect(isServiceOrigin('http://127.0.0.1:23456/', service)).toBe(true);
    expect(isServiceOrigin('http://127.0.0.1:23456/sessions/7?q=a#top', service)).toBe(true);
  });

  it('refuses another port, host, scheme or a name for the same address', () => {
    expect(isServiceOrigin('http://127.0.0.1:23457/', service)).toBe(false);
    expect(isServiceOrigin('http://localhost:23456/', service)).toBe(false);
    expect(isServiceOrigin('https://127.0.0.1:23456/', service)).toBe(false);
    expect(isServiceOrigin('https://example.com/', service)).toBe(false);
  });

  it('refuses text that is not a URL, and URLs without an origin', () => {
    expect(isServiceOrigin('', service)).toBe(false);
    expect(isServiceOrigin('not a url', service)).toBe(false);
    expect(isServiceOrigin('file:///etc/passwd', service)).toBe(false);
    expect(isServiceOrigin('data:text/html,<p>hi', service)).toBe(false);
  });
});
