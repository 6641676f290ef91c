/// <reference types="vite/client" />

/** The year of the build (vite.config.ts `define`): the footer's year in the prerendered pages. */
declare const __BUILD_YEAR__: number;
