import 'i18next';
import type { resources } from './resources';

// Typed keys: t('roles.don') checks against the English JSON; a missing key fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'];
  }
}
