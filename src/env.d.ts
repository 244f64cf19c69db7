/// <reference types="vite/client" />

/** The app's version from package.json, sent as the app-version header (spec §7). */
declare const __APP_VERSION__: string;

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
