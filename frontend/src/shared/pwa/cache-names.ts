/** The service worker's runtime caches (vite/pwa.ts); the page deletes the member's own on sign-out. */
export const MEMBER_API_CACHE = 'pulso-member-api';
/** Catalogue clips and photos: the studio's, not a member's, so they outlive a session. */
export const MEDIA_CACHE = 'pulso-media';
export const CONFIG_CACHE = 'pulso-config';
