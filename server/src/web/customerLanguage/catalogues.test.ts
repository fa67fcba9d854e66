import { CUSTOMER_LANGUAGES } from '@cairn/contract';
import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { en } from './catalogues/en.js';
import { CUSTOMER_CATALOGUES } from './customerCatalogues.js';
import { CUSTOMER_LOCALES, customerLocaleInfo } from './customerLocales.js';

/** Every placeholder of a message as `name:kind` (`plural` for a plural, `text` for a plain one). */
function placeholdersOf(elements: readonly MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument) out.add(`${element.value}:text`);
    if (element.type === TYPE.number) out.add(`${element.value}:number`);
    if (element.type === TYPE.plural) {
      out.add(`${element.value}:plural`);
      for (const option of Object.values(element.options)) placeholdersOf(option.value, out);
    }
    if (element.type === TYPE.select) {
      out.add(`${element.value}:select`);
      for (const option of Object.values(element.options)) placeholdersOf(option.value, out);
    }
    if (element.type === TYPE.tag) placeholdersOf(element.children, out);
  }
  return out;
}

/** The plurals of a message, with the categories each one gives. */
function pluralsOf(elements: readonly MessageFormatElement[]): { name: string; categories: string[] }[] {
  return elements.flatMap((element) =>
    element.type === TYPE.plural ? [{ name: element.value, categories: Object.keys(element.options) }] : [],
  );
}

const parse = (message: string, locale: string) => new IntlMessageFormat(message, locale).getAst();
const keys = Object.keys(en) as (keyof typeof en)[];

describe('customer catalogues', () => {
  it('cover the twelve languages the contract names, each with its own catalogue', () => {
    expect(CUSTOMER_LOCALES.map((l) => l.tag)).toEqual([...CUSTOMER_LANGUAGES]);
    expect(Object.keys(CUSTOMER_CATALOGUES).sort()).toEqual([...CUSTOMER_LANGUAGES].sort());
    expect(new Set(Object.values(CUSTOMER_CATALOGUES)).size).toBe(12);
    expect(customerLocaleInfo('ar').dir).toBe('rtl');
  });

  for (const locale of CUSTOMER_LOCALES) {
    describe(locale.tag, () => {
      const catalogue = CUSTOMER_CATALOGUES[locale.tag];

      it('has every key of the English catalogue and no other', () => {
        expect(Object.keys(catalogue).sort()).toEqual([...keys].sort());
        for (const key of keys) expect(catalogue[key].trim(), key).not.toBe('');
      });

      it('keeps every placeholder of each English message, with its kind', () => {
        const differing = keys.filter((key) => {
          const wanted = [...placeholdersOf(parse(en[key], 'en'))].sort();
          const found = [...placeholdersOf(parse(catalogue[key], locale.intl))].sort();
          return JSON.stringify(wanted) !== JSON.stringify(found);
        });
        expect(differing).toEqual([]);
      });

      it('gives each plural the categories its language needs, and formats every message', () => {
        const rules = new Intl.PluralRules(locale.intl);
        const needed = rules.resolvedOptions().pluralCategories;
        for (const key of keys) {
          const ast = parse(catalogue[key], locale.intl);
          for (const plural of pluralsOf(ast)) {
            expect(plural.categories, `${key}: ${plural.name}`).toContain('other');
            for (const category of needed) {
              // `other` covers a category the language does not distinguish in this sentence.
              const covered = plural.categories.includes(category) || plural.categories.includes('other');
              expect(covered, `${key}: ${category}`).toBe(true);
            }
          }
          const values = Object.fromEntries(
            [...placeholdersOf(ast)].map((p) => {
              const [name, kind] = p.split(':') as [string, string];
              return [name, kind === 'plural' || kind === 'number' ? 3 : `«${name}»`];
            }),
          );
          const text = String(new IntlMessageFormat(catalogue[key], locale.intl).format(values));
          expect(text, key).not.toMatch(/[{}]/);
          for (const name of Object.keys(values).filter((n) => typeof values[n] === 'string'))
            expect(text, `${key} shows {${name}}`).toContain(`«${name}»`);
        }
      });

      it('writes no straight apostrophe (ICU’s quote character)', () => {
        expect(keys.filter((key) => catalogue[key].includes("'"))).toEqual([]);
      });
    });
  }

  it('tells a missing placeholder apart (the check itself fails on a broken message)', () => {
    const broken = placeholdersOf(parse('Pay {business} now', 'en'));
    const wrong = placeholdersOf(parse('Pay now', 'en'));
    expect([...broken]).toEqual(['business:text']);
    expect([...wrong]).toEqual([]);
  });
});
