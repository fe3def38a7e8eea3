import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import italian from './locales/it.json';
import ru from './locales/ru.json';
import uk from './locales/uk.json';
import { CHROME_EN } from './chrome';
import { LANGUAGES, languageOfParam, languageOfPath } from './languages';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((out, [key, value]) => {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
    return out;
  }, {});
}

const files: Record<string, Tree> = { en, it: italian, fr, de, es, ru, uk };

describe('message files', () => {
  // the header's English words are in the code (i18n/chrome.ts); the other languages' in their files
  const chrome = flatten({ chrome: CHROME_EN });
  const english = { ...flatten(en), ...chrome };

  it('has the English chrome in the code only', () => {
    expect(Object.keys(flatten(en)).filter((key) => key.startsWith('chrome.'))).toEqual([]);
  });

  it.each(Object.keys(files).filter((language) => language !== 'en'))(
    '%s has every English key and every chrome word, each with text',
    (language) => {
      const messages = flatten(files[language]);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
      for (const value of Object.values(messages)) expect(value.trim()).not.toBe('');
    },
  );

  it.each(['it', 'fr', 'de', 'es', 'ru', 'uk'])('%s is really translated', (language) => {
    const messages = flatten(files[language]);
    const same = Object.keys(english).filter((key) => messages[key] === english[key] && key !== 'hero.brand');
    // a few words are the same in several languages ("Contact", "Blog"); whole sentences never are
    expect(same.filter((key) => english[key].split(' ').length > 2)).toEqual([]);
    // and the header's words are translated, all but the few that stay ("Home" and "Blog" in Italian)
    expect(same.filter((key) => key.startsWith('chrome.')).length).toBeLessThanOrEqual(2);
  });

  it('has the 404 title the spec names', () => {
    expect(italian.notFound.title).toBe('Pagina Non Trovata');
  });

  it('maps paths and query values to languages', () => {
    expect(LANGUAGES.map((language) => language.label)).toEqual([
      'English',
      'Italiano',
      'Français',
      'Deutsch',
      'Español',
      'Русский',
      'Українська',
    ]);
    expect(languageOfPath('/')).toBe('en');
    expect(languageOfPath('/it')).toBe('it');
    expect(languageOfPath('/ua/')).toBe('uk');
    expect(languageOfPath('/xx')).toBe('en');
    expect(languageOfParam('ua')).toBe('uk');
    expect(languageOfParam('DE')).toBe('de');
    expect(languageOfParam(null)).toBe('en');
  });
});
