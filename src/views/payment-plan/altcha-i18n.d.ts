// ALTCHA's translations (altcha/i18n/<tag>): each registers its strings on the widget's global registry.
declare module 'altcha/i18n/*';
