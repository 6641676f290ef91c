/**
 * The versions of the notices the SPA shows (#21, ADR 0190): the terms and privacy notice
 * (/privacidad) and the health-data notice of the onboarding wizard. The backend refuses consent
 * to any other (`privacy/consents.rules.ts` holds the same values); bump both together.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-24';
export const HEALTH_DATA_NOTICE_VERSION = '2026-11-24';
