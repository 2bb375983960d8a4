/** The IPC channels between the page's bridge (preload.ts) and the caption overlay's owner (captionRequests.ts). */
export const captionChannels = {
  /** Page → shell: show the overlay, or hide it when it shows. */
  toggle: 'earshot:captions:toggle',
  /** Page → shell, with a boolean: positioning on or off. */
  position: 'earshot:captions:position',
  /** Overlay page → shell, with `{width, height}`: the size the captions need (height) or were given (width). */
  resize: 'earshot:captions:resize',
  /** Shell → overlay page, with a boolean: whether it is being positioned. */
  positioning: 'earshot:captions:positioning',
} as const;
