// Values the client is built with.

/** Where support questions go (spec §2 Menu: Support opens a mail link or the contact form). */
export const supportEmail: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@followscope.app';
