import { ar } from './catalogues/ar.js';
import { de } from './catalogues/de.js';
import { type CustomerCatalogue, en } from './catalogues/en.js';
import { es } from './catalogues/es.js';
import { fr } from './catalogues/fr.js';
import { it } from './catalogues/it.js';
import { ja } from './catalogues/ja.js';
import { ko } from './catalogues/ko.js';
import { nl } from './catalogues/nl.js';
import { ptBR } from './catalogues/ptBR.js';
import { tr } from './catalogues/tr.js';
import { zhCN } from './catalogues/zhCN.js';
import type { CustomerLocale } from './customerLocales.js';

/** Every language's catalogue (each one a TypeScript object, so a missing key does not compile). */
export const CUSTOMER_CATALOGUES: Readonly<Record<CustomerLocale, CustomerCatalogue>> = {
  en,
  es,
  'pt-BR': ptBR,
  fr,
  de,
  it,
  nl,
  tr,
  ja,
  'zh-CN': zhCN,
  ko,
  ar,
};

export type { CustomerCatalogue };
