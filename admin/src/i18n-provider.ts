import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { en } from './i18n/en';

/** react-admin's English words plus the console's own under `app.` (i18n keys for our words). */
export const messages = {
  ...englishMessages,
  ...en,
  ra: { ...englishMessages.ra, action: { ...englishMessages.ra.action, ...en.ra.action } },
};

export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: false,
});
