/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium only). It can fire as
 * soon as a page loads, before the members' code arrives, so the entry keeps it (main.tsx) and
 * the install card (install-app-card.tsx) uses it later. Kept out of sight on the public site:
 * the app opens on /training, so it is offered inside the members' platform.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed(event: InstallPromptEvent | null): void {
  offered = event;
  listeners.forEach((listener) => listener());
}

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    changed(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => changed(null));
}

export const installPrompt = {
  current: (): InstallPromptEvent | null => offered,
  clear: (): void => changed(null),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
