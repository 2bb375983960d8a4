declare global {
  interface Window {
    /** Set by the Electron shell's preload (main/electron). */
    earshot?: { launchSecret: string; desktop: boolean; platform: string };
  }
}

/**
 * This launch's secret, which opens `/ws/app` and the control channel: from the desktop shell's
 * preload, or from the meta tag the service puts in the page it serves (main/uiAssets.ts).
 */
export function readLaunchSecret(): string | undefined {
  return (
    window.earshot?.launchSecret ??
    document.querySelector<HTMLMetaElement>('meta[name="earshot-launch-secret"]')?.content ??
    undefined
  );
}
