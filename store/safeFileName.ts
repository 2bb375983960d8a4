import { codePointLength } from './transcriptText.ts';

/** Well under every file system's 255-byte name limit, even in a script of 3-byte characters. */
const longestName = 80;

/**
 * Names Windows keeps for devices, with any extension (`CON.md` opens the console, not a file);
 * the digits include the superscripts Windows counts as digits there.
 */
const windowsDeviceName = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

/**
 * A file name that is safe on Linux, macOS and Windows: no folders (`/`, `\`), no control
 * characters, none of Windows' reserved `<>:"|?*` or device names (`CON`, `LPT1.txt`: an `_` is
 * added), no leading dots (hidden files) and no trailing dots or spaces (Windows drops them).
 * Letters of any script stay. The extension is kept when the name has to be shortened.
 */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/\s+/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const usable = /[^_\s]/.test(cleaned) ? cleaned : fallback;
  return shorten(usable).replace(windowsDeviceName, '$1_$2');
}

function shorten(name: string): string {
  if (codePointLength(name) <= longestName) return name;
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(name)?.[0] ?? '';
  const stem = [...name.slice(0, name.length - extension.length)].slice(0, longestName - extension.length);
  return `${stem.join('').trimEnd()}${extension}`;
}

/**
 * `Content-Disposition: attachment` naming `fileName`: a plain ASCII `filename` for old clients and,
 * when the name has other characters, the exact one as RFC 5987 `filename*`.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\u0020-\u007e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === fileName) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
