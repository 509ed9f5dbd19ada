/**
 * Translations (spec §7, §9): Spanish only, loaded over HTTP from /assets/i18n/es.json so the texts can
 * change without a new build. Tests pass the resources in directly.
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE = 'es';

export const i18n = i18next.createInstance();

export const httpBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    fetch(`/assets/i18n/${language}.json`, { headers: { Accept: 'application/json' } })
      .then((response) => {
        if (!response.ok) throw new Error(`Translations answered ${response.status}`);
        return response.json();
      })
      .then(
        (data) => callback(null, data),
        (error: Error) => callback(error, false),
      );
  },
};

export async function initI18n(resources?: Record<string, unknown>): Promise<void> {
  if (!resources) i18n.use(httpBackend);
  await i18n.use(initReactI18next).init({
    lng: LANGUAGE,
    fallbackLng: LANGUAGE,
    supportedLngs: [LANGUAGE],
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    returnNull: false,
    ...(resources ? { resources: { [LANGUAGE]: { translation: resources } } } : {}),
  });
}

/** Translation outside React components (error handler, toasts, session flows). */
export function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options);
}
