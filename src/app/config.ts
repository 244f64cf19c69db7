// Values the client is built with.

/** Where support questions go (spec §2 Menu: Support opens a mail link or the contact form). */
export const supportEmail: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@followscope.app';

/** spec §7: the network's address; a post link is this plus p/ plus the short code. */
export const networkBase: string = (import.meta.env.VITE_NETWORK_BASE_URL ?? 'https://www.instagram.com/').replace(
  /\/?$/,
  '/',
);

/** The post's page on the network. */
export const postLink = (shortCode: string) => `${networkBase}p/${encodeURIComponent(shortCode)}/`;

/** An account's page on the network (spec §7: r=nametag). */
export const profileLink = (username: string) => `${networkBase}${encodeURIComponent(username)}?r=nametag`;
