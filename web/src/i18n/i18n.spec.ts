import { loadLanguage, messageLookup, translator } from './i18n';

describe('messages', () => {
  const messages = {
    hero: { title: 'Earn 7% a year' },
    greeting: 'Hello, {{name}}! {{ name }} again; {{unknown}} stays',
    days_one: '{{count}} день',
    days_few: '{{count}} дня',
    days_many: '{{count}} дней',
    days_other: '{{count}} дня',
    plain: 'no plural forms',
  };

  it('finds a message by its dotted key, else the default value, else the key', () => {
    const t = messageLookup(messages, 'en');
    expect(t('hero.title')).toBe('Earn 7% a year');
    expect(t('hero.missing', { defaultValue: 'Fallback' })).toBe('Fallback');
    expect(t('hero.missing')).toBe('hero.missing');
    // a key naming a group of messages is no message
    expect(t('hero')).toBe('hero');
  });

  it('puts values in their placeholders and leaves unknown ones', () => {
    expect(messageLookup(messages, 'en')('greeting', { name: 'Ada' })).toBe('Hello, Ada! Ada again; {{unknown}} stays');
  });

  it("takes the language's plural form for a count, else the key itself", () => {
    const t = messageLookup(messages, 'ru');
    expect(t('days', { count: 1 })).toBe('1 день');
    expect(t('days', { count: 3 })).toBe('3 дня');
    expect(t('days', { count: 5 })).toBe('5 дней');
    expect(t('days', { count: 21 })).toBe('21 день');
    expect(t('plain', { count: 2 })).toBe('no plural forms');
  });

  it("answers from a language's file once it is loaded", async () => {
    expect(translator('it')('calculator.label')).toBe('calculator.label');
    await loadLanguage('it');
    expect(translator('it')('calculator.label')).toBe('Pensione mensile desiderata');
  });
});
