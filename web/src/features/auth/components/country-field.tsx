import { Combobox, Field, Portal, useListCollection } from '@chakra-ui/react';
import { countryCodeList } from '@savings/contracts';
import { memo, useMemo } from 'react';
import { LANGUAGES, type LanguageCode } from '../../../i18n/languages';

export interface CountryOption {
  value: string;
  label: string;
}

/**
 * Every ISO 3166-1 alpha-2 country the server accepts (contracts' list, from i18n-iso-countries),
 * named in `language` by the browser's own Intl.DisplayNames and sorted in that language's order.
 */
export function countryOptions(language: LanguageCode): CountryOption[] {
  const names = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(language);
  return countryCodeList()
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** The first of the browser's languages the site speaks, else English. */
export function browserSiteLanguage(preferred: readonly string[] = navigator.languages ?? []): LanguageCode {
  for (const tag of preferred) {
    const code = tag.toLowerCase().slice(0, 2);
    const match = LANGUAGES.find((language) => language.code === code);
    if (match) return match.code;
  }
  return 'en';
}

/** A search that ignores case and accents ("osterreich" finds "Österreich"), or the code itself ("DE"). */
function matches(label: string, query: string, code: string, language: LanguageCode): boolean {
  const q = query.trim();
  if (q === '') return true;
  if (q.length === 2 && q.toUpperCase() === code) return true;
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase(language);
  return fold(label).includes(fold(q));
}

interface CountryFieldProps {
  value: string;
  onChange(code: string): void;
  language: LanguageCode;
  error?: string;
}

/**
 * Country: a searchable list (type a part of the name, in the page's language, or the code). Its 250
 * options are only in the page while the list is open, and typing in the other fields leaves it alone.
 */
export const CountryField = memo(function CountryField({ value, onChange, language, error }: CountryFieldProps) {
  const options = useMemo(() => countryOptions(language), [language]);
  const { collection, filter } = useListCollection({
    initialItems: options,
    filter: (label: string, query: string, item: CountryOption) => matches(label, query, item.value, language),
    limit: 300,
  });
  return (
    <Field.Root invalid={Boolean(error)}>
      <Combobox.Root
        collection={collection}
        value={value ? [value] : []}
        onValueChange={(details) => onChange(details.value[0] ?? '')}
        onInputValueChange={(details) => filter(details.inputValue)}
        openOnClick
        lazyMount
        unmountOnExit
        inputBehavior="autohighlight"
        name="country"
      >
        <Combobox.Label>Country of registration</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder="Type to search" />
          <Combobox.IndicatorGroup>
            <Combobox.ClearTrigger />
            <Combobox.Trigger />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content>
              <Combobox.Empty>No country found</Combobox.Empty>
              {collection.items.map((item) => (
                <Combobox.Item item={item} key={item.value}>
                  {item.label}
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
});
