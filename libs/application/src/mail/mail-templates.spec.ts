import {
  languageOfAcceptLanguage,
  MAIL_LANGUAGES,
  mailLanguageOf,
  maskIban,
  renderMail,
  type MailMessage,
} from './mail-templates';

const EVERY_MESSAGE: MailMessage[] = [
  { template: 'password-reset', params: { link: 'http://localhost:3000/reset-password#token=abc', minutes: 30 } },
  { template: 'password-changed', params: {} },
  { template: 'email-changed', params: { newEmail: 'new@example.com' } },
  { template: 'banking-details-changed', params: { iban: 'DE89 … 3000', heldUntil: '2031-05-06T08:01:00.000Z' } },
  { template: 'banking-details-changed', params: { iban: 'DE89 … 3000', heldUntil: null } },
  { template: 'two-factor-changed', params: { change: 'on' } },
  { template: 'two-factor-changed', params: { change: 'off' } },
  { template: 'two-factor-changed', params: { change: 'recovery-code-used', recoveryCodesLeft: 9 } },
  { template: 'two-factor-changed', params: { change: 'removed' } },
  { template: 'deposit-confirmed', params: { amountCents: '123456', balanceCents: '100000000000000' } },
  { template: 'withdrawal-approved', params: { amountCents: '150000' } },
  { template: 'withdrawal-paid-out', params: { amountCents: '150000', payoutDate: '2031-06-01' } },
  { template: 'interest-summary', params: { month: '2031-05', interestCents: '5', balanceCents: '100005' } },
  {
    template: 'approval-waiting',
    params: { customer: 'Ada', amountCents: '2500000', requestedBy: 'Bob', link: 'http://localhost:3000/admin' },
  },
];

describe('mail templates', () => {
  it.each(MAIL_LANGUAGES)('renders every message in %s, subject, text and HTML', (language) => {
    for (const message of EVERY_MESSAGE) {
      const mail = renderMail(message, language, 'Ada', 'Europe/Rome');
      expect(mail.subject.length).toBeGreaterThan(3);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.text).toContain('Ada');
      expect(mail.html).toMatch(/^<!doctype html><html lang="/);
      if ('link' in message.params) {
        expect(mail.text).toContain(message.params.link);
        expect(mail.html).toContain(`href="${message.params.link}"`);
      }
    }
  });

  it('formats exact amounts in the language of the mail', () => {
    const message: MailMessage = {
      template: 'deposit-confirmed',
      params: { amountCents: '1234567890199', balanceCents: '5' },
    };
    expect(renderMail(message, 'en', 'Ada', 'UTC').text).toContain('$12,345,678,901.99');
    expect(renderMail(message, 'en', 'Ada', 'UTC').text).toContain('$0.05');
    expect(renderMail(message, 'de', 'Ada', 'UTC').text).toContain('12.345.678.901,99\u00a0$');
  });

  it('escapes names and values in the HTML part', () => {
    const mail = renderMail({ template: 'password-changed', params: {} }, 'en', '<script>x</script>', 'UTC');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('falls back to English and reads Accept-Language by weight', () => {
    expect(mailLanguageOf('pt')).toBe('en');
    expect(mailLanguageOf('ua')).toBe('uk');
    expect(languageOfAcceptLanguage('pt-BR, it;q=0.8, de;q=0.9')).toBe('de');
    expect(languageOfAcceptLanguage('fr-CA')).toBe('fr');
    expect(languageOfAcceptLanguage('zh, ja;q=0.5')).toBe('en');
    expect(languageOfAcceptLanguage(undefined)).toBe('en');
    expect(maskIban('DE89370400440532013000')).toBe('DE89 … 3000');
  });
});
