import {
  escapeHtml,
  languageOfAcceptLanguage,
  MAIL_LANGUAGES,
  mailLanguageOf,
  maskIban,
  renderMail,
  type MailLanguage,
  type MailMessage,
} from './mail-templates';

/**
 * The words of every mail, in every language: given a message, when it is rendered, then no part is
 * empty or another template's, each carries its own values formatted in its language, and the
 * security notices (and only they) close with what to do if it was not the customer.
 */

const HELD_UNTIL = '2031-05-06T08:01:00.000Z';
const MESSAGES = {
  reset: { template: 'password-reset', params: { link: 'https://savings.test/reset#token=abc', minutes: 30 } },
  passwordChanged: { template: 'password-changed', params: {} },
  emailChanged: { template: 'email-changed', params: { newEmail: 'new@example.test' } },
  bankingHeld: { template: 'banking-details-changed', params: { iban: 'DE89 … 3000', heldUntil: HELD_UNTIL } },
  bankingFree: { template: 'banking-details-changed', params: { iban: 'DE89 … 3000', heldUntil: null } },
  twoFactorOn: { template: 'two-factor-changed', params: { change: 'on' } },
  twoFactorOff: { template: 'two-factor-changed', params: { change: 'off' } },
  recoveryCodeUsed: { template: 'two-factor-changed', params: { change: 'recovery-code-used', recoveryCodesLeft: 7 } },
  twoFactorRemoved: { template: 'two-factor-changed', params: { change: 'removed' } },
  deposit: { template: 'deposit-confirmed', params: { amountCents: '123456', balanceCents: '9876543' } },
  approved: { template: 'withdrawal-approved', params: { amountCents: '150000' } },
  paidOut: { template: 'withdrawal-paid-out', params: { amountCents: '150000', payoutDate: '2031-06-01' } },
  interest: { template: 'interest-summary', params: { month: '2031-05', interestCents: '5', balanceCents: '100005' } },
  approval: {
    template: 'approval-waiting',
    params: { customer: 'Cleo', amountCents: '2500000', requestedBy: 'Bob', link: 'https://savings.test/admin' },
  },
} satisfies Record<string, MailMessage>;
const EVERY = Object.values(MESSAGES) as MailMessage[];
const SECURITY: MailMessage[] = [
  MESSAGES.passwordChanged,
  MESSAGES.emailChanged,
  MESSAGES.bankingHeld,
  MESSAGES.bankingFree,
  MESSAGES.twoFactorOn,
  MESSAGES.twoFactorOff,
  MESSAGES.recoveryCodeUsed,
  MESSAGES.twoFactorRemoved,
];

const render = (message: MailMessage, language: MailLanguage, timeZone = 'Europe/Rome') =>
  renderMail(message, language, 'Ada', timeZone);

/** The paragraphs of the plain text, without greeting and signature (`-- ` line and name). */
function bodyParagraphs(text: string): string[] {
  const parts = text.replace(/\n$/, '').split('\n\n');
  expect(parts.at(-1)).toMatch(/^-- \n\S/);
  return parts.slice(1, -1);
}

const usd = (language: MailLanguage, decimal: string) =>
  new Intl.NumberFormat(
    { en: 'en-US', it: 'it-IT', fr: 'fr-FR', de: 'de-DE', es: 'es-ES', ru: 'ru-RU', uk: 'uk-UA' }[language],
    { style: 'currency', currency: 'USD' },
  ).format(Number(decimal));

describe.each(MAIL_LANGUAGES)('mails in %s', (language) => {
  it('no subject, greeting, paragraph or signature is empty, in the text or the HTML', () => {
    for (const message of EVERY) {
      const mail = render(message, language);
      expect(mail.subject.trim()).not.toBe('');
      for (const paragraph of bodyParagraphs(mail.text)) expect(paragraph.trim().length).toBeGreaterThan(10);
      expect(mail.text.split('\n\n')[0]).toMatch(/Ada/);
      expect(mail.html).not.toMatch(/<p[^>]*><\/p>/);
      expect(mail.html).toMatch(/<title>[^<]{4,}<\/title>/);
    }
  });

  it('each template and variant has its own subject and words', () => {
    // the banking change with and without a cooling-off differ from its second paragraph on
    const distinct = EVERY.filter((message) => message !== MESSAGES.bankingFree);
    const subjects = distinct.map((message) => render(message, language).subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    const texts = distinct.map((message) => bodyParagraphs(render(message, language).text)[0]);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('is written in its own language, not in English or another one', () => {
    for (const other of MAIL_LANGUAGES.filter((code) => code !== language)) {
      for (const message of EVERY) {
        const mine = render(message, language);
        const theirs = render(message, other);
        // Russian and Ukrainian share the team's name, nothing else
        expect(bodyParagraphs(mine.text)).not.toEqual(bodyParagraphs(theirs.text));
        expect(mine.text.split('\n\n')[0]).not.toBe(theirs.text.split('\n\n')[0]);
      }
    }
  });

  it('closes the security notices, and only them, with what to do if it was not the customer', () => {
    const notice = (message: MailMessage) => bodyParagraphs(render(message, language).text).at(-1)!;
    const closing = notice(MESSAGES.passwordChanged);
    for (const message of SECURITY) {
      expect(notice(message)).toBe(closing);
      expect(render(message, language).html).toContain(`<p>${escapeHtml(closing)}</p>`);
    }
    for (const message of EVERY.filter((m) => !SECURITY.includes(m))) {
      expect(render(message, language).text).not.toContain(closing);
    }
  });

  it('carries the values of each message, formatted in the language', () => {
    const text = (message: MailMessage) => render(message, language).text;
    const subject = (message: MailMessage) => render(message, language).subject;
    expect(text(MESSAGES.reset)).toContain('30');
    expect(text(MESSAGES.emailChanged)).toContain('new@example.test');
    expect(text(MESSAGES.recoveryCodeUsed)).toMatch(/\b7\./);
    expect(text(MESSAGES.bankingFree)).toContain('DE89 … 3000');
    expect(subject(MESSAGES.deposit)).toContain(usd(language, '1234.56'));
    expect(text(MESSAGES.deposit)).toContain(usd(language, '1234.56'));
    expect(text(MESSAGES.deposit)).toContain(usd(language, '98765.43'));
    expect(subject(MESSAGES.approved)).toContain(usd(language, '1500'));
    expect(text(MESSAGES.approved)).toContain(usd(language, '1500'));
    expect(subject(MESSAGES.paidOut)).toContain(usd(language, '1500'));
    expect(text(MESSAGES.paidOut)).toContain(usd(language, '1500'));
    expect(text(MESSAGES.paidOut)).toContain('2031');
    expect(text(MESSAGES.interest)).toContain(usd(language, '0.05'));
    expect(text(MESSAGES.interest)).toContain(usd(language, '1000.05'));
    expect(text(MESSAGES.interest)).toContain('2031');
    expect(subject(MESSAGES.interest)).toContain('2031');
    expect(subject(MESSAGES.approval)).toContain(usd(language, '25000'));
    expect(subject(MESSAGES.approval)).toContain('Cleo');
    for (const value of ['Bob', 'Cleo', usd(language, '25000')]) expect(text(MESSAGES.approval)).toContain(value);
  });

  it('names the end of the cooling-off only when there is one', () => {
    const held = bodyParagraphs(render(MESSAGES.bankingHeld, language).text);
    const free = bodyParagraphs(render(MESSAGES.bankingFree, language).text);
    // the change, the cooling-off, the notice; without a cooling-off the change and the notice
    expect(held).toHaveLength(3);
    expect(free).toEqual([held[0], held[2]]);
    expect(held[1]).toContain('2031');
    expect(held[1]).toContain('10:01');
  });

  it('puts the link after the first paragraph, in the text and as an anchor in the HTML', () => {
    for (const message of [MESSAGES.reset, MESSAGES.approval]) {
      const mail = render(message, language);
      const link = message.params.link;
      expect(bodyParagraphs(mail.text)[1]).toBe(link);
      expect(mail.html).toContain(`<p><a href="${link}">${link}</a></p>`);
    }
    expect(bodyParagraphs(render(MESSAGES.reset, language).text)).toHaveLength(3);
    expect(bodyParagraphs(render(MESSAGES.approval, language).text)).toHaveLength(2);
  });
});

describe('an English mail, word for word', () => {
  it('renders the text, the HTML and the subject', () => {
    const mail = renderMail(MESSAGES.bankingHeld, 'en', 'Ada <a&b>', 'Europe/Rome');
    expect(mail.subject).toBe('Your banking details were changed');
    expect(mail.text).toBe(
      [
        'Hello Ada <a&b>,',
        'The banking details of your Savings account were changed (IBAN DE89 … 3000).',
        `For your protection, withdrawals to them can be approved after ${new Intl.DateTimeFormat('en-US', {
          year: 'numeric',
          month: 'long',
          day: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          timeZone: 'Europe/Rome',
          timeZoneName: 'short',
        }).format(new Date(HELD_UNTIL))}.`,
        'If this was not you, reset your password at once and contact us.',
        '-- \nYour Savings team\n',
      ].join('\n\n'),
    );
    expect(mail.text).toContain('May 6, 2031');
    expect(mail.text).toContain('10:01 AM GMT+2');
    expect(mail.html).toBe(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your banking details were changed</title></head>' +
        '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a202c">' +
        '<p>Hello Ada &lt;a&amp;b&gt;,</p>' +
        '<p>The banking details of your Savings account were changed (IBAN DE89 … 3000).</p>' +
        `<p>${escapeHtml(mail.text.split('\n\n')[2])}</p>` +
        '<p>If this was not you, reset your password at once and contact us.</p>' +
        '<p style="color:#4a5568">Your Savings team</p></body></html>',
    );
  });

  it('writes each template in the product words', () => {
    const lines = (message: MailMessage) => {
      const mail = renderMail(message, 'en', 'Ada', 'UTC');
      return [mail.subject, ...bodyParagraphs(mail.text)];
    };
    expect(lines(MESSAGES.reset)).toEqual([
      'Reset your password',
      'Someone asked to reset the password of your Savings account. Use this link to choose a new one:',
      'https://savings.test/reset#token=abc',
      'The link works once and expires in 30 minutes. If you did not ask for it, ignore this message: your password stays as it is.',
    ]);
    expect(lines(MESSAGES.twoFactorOff)).toEqual([
      'Two-factor sign-in turned off',
      'Two-factor sign-in was turned off for your Savings account.',
      'If this was not you, reset your password at once and contact us.',
    ]);
    expect(lines(MESSAGES.twoFactorOn).slice(0, 2)).toEqual([
      'Two-factor sign-in turned on',
      'Two-factor sign-in was turned on for your Savings account.',
    ]);
    expect(lines(MESSAGES.paidOut)).toEqual([
      'Withdrawal of $1,500.00 paid out',
      'Your withdrawal of $1,500.00 was sent to your bank account on June 1, 2031.',
    ]);
    expect(lines(MESSAGES.interest)).toEqual([
      'Your interest for May 2031',
      'In May 2031 your savings earned $0.05 in interest. Your balance at the end of the month was $1,000.05.',
    ]);
    expect(lines(MESSAGES.approval)).toEqual([
      'Approval needed: $25,000.00 for Cleo',
      'Bob asked to move $25,000.00 on the account of Cleo. A second admin must approve it:',
      'https://savings.test/admin',
    ]);
  });

  it('formats negative and sub-dollar cents exactly', () => {
    const text = (amountCents: string) =>
      renderMail({ template: 'withdrawal-approved', params: { amountCents } }, 'en', 'Ada', 'UTC').subject;
    expect(text('7')).toBe('Withdrawal of $0.07 approved');
    expect(text('-250')).toBe('Withdrawal of -$2.50 approved');
    expect(text('100')).toBe('Withdrawal of $1.00 approved');
  });

  it('keeps a line break out of the subject', () => {
    const mail = renderMail(
      {
        template: 'approval-waiting',
        params: { customer: 'A\r\nBcc: x', amountCents: '1', requestedBy: 'B', link: 'l' },
      },
      'en',
      'Ada',
      'UTC',
    );
    expect(mail.subject).toBe('Approval needed: $0.01 for A Bcc: x');
  });

  it('escapes every HTML special character', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('the language of a mail', () => {
  it('takes the first two letters of a stored language in any case, English otherwise', () => {
    expect(mailLanguageOf('DE-at')).toBe('de');
    expect(mailLanguageOf(null)).toBe('en');
    expect(mailLanguageOf(undefined)).toBe('en');
  });

  it('reads Accept-Language weights, spaces and other parameters around them, and ties in order', () => {
    expect(languageOfAcceptLanguage('DE-de')).toBe('de');
    expect(languageOfAcceptLanguage('de; q=0.1, fr;q=0.5')).toBe('fr');
    expect(languageOfAcceptLanguage('de;x=1;q=0.2, fr;q=0.5')).toBe('fr');
    expect(languageOfAcceptLanguage('de;q=0')).toBe('en');
    expect(languageOfAcceptLanguage('de;q=abc, it')).toBe('it');
    expect(languageOfAcceptLanguage('es, it, fr')).toBe('es');
    expect(languageOfAcceptLanguage('ja, es;q=0.5, it;q=0.5, fr;q=0.5')).toBe('es');
  });

  it('reads only the first 500 characters of the header', () => {
    const filler = 'xx;q=0.1, '.repeat(50);
    expect(filler).toHaveLength(500);
    expect(languageOfAcceptLanguage(`${filler}de`)).toBe('en');
    expect(languageOfAcceptLanguage(`${'xx;q=0.1, '.repeat(49)}de`)).toBe('de');
  });
});

describe('maskIban', () => {
  it('shows an IBAN of up to 8 characters whole, a longer one by its first and last four', () => {
    expect(maskIban('DE891234')).toBe('DE891234');
    expect(maskIban('DE8912345')).toBe('DE89 … 2345');
  });
});
