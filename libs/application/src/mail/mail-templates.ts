import type { WithdrawalReturnReason } from '@savings/domain';

/**
 * The messages the platform mails (api-contract.md section 14), in the customer's language: the seven
 * languages of the site, English for anything else. Pure: the same message, language and time zone
 * always render the same subject, plain text and HTML. Amounts arrive in cents (exact) and are
 * formatted with Intl as the site formats them; every value is escaped in the HTML part.
 */

export const MAIL_LANGUAGES = ['en', 'it', 'fr', 'de', 'es', 'ru', 'uk'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export type MailMessage =
  | { template: 'password-reset'; params: { link: string; minutes: number } }
  | { template: 'password-changed'; params: Record<string, never> }
  | { template: 'email-changed'; params: { newEmail: string } }
  | { template: 'banking-details-changed'; params: { iban: string; heldUntil: string | null } }
  | { template: 'two-factor-changed'; params: { change: TwoFactorChange; recoveryCodesLeft?: number } }
  | { template: 'deposit-confirmed'; params: { amountCents: string; balanceCents: string } }
  | { template: 'withdrawal-approved'; params: { amountCents: string } }
  | { template: 'withdrawal-paid-out'; params: { amountCents: string; payoutDate: string } }
  | { template: 'interest-summary'; params: { month: string; interestCents: string; balanceCents: string } }
  | {
      template: 'approval-waiting';
      params: { customer: string; amountCents: string; requestedBy: string; link: string };
    }
  /** to the customer: an approved withdrawal is pending again (api-contract.md section 15) */
  | {
      template: 'withdrawal-returned';
      params: { amountCents: string; reason: WithdrawalReturnReason; approvableAfter: string | null };
    }
  /** to the admins: that withdrawal needs a new approval */
  | {
      template: 'withdrawal-reapproval';
      params: {
        customer: string;
        amountCents: string;
        reason: WithdrawalReturnReason;
        approvableAfter: string | null;
        link: string;
      };
    };

export type MailTemplate = MailMessage['template'];

/** A change of a sign-in factor (api-contract.md section 15): each one is mailed to the account holder. */
export type TwoFactorChange = 'on' | 'off' | 'recovery-code-used' | 'removed';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The language to mail in: a site language, else English. */
export function mailLanguageOf(value: string | null | undefined): MailLanguage {
  const code = (value ?? '').toLowerCase().slice(0, 2);
  if (code === 'ua') return 'uk';
  return (MAIL_LANGUAGES as readonly string[]).includes(code) ? (code as MailLanguage) : 'en';
}

/** The first site language of an Accept-Language header (by its q weights), else English. */
export function languageOfAcceptLanguage(header: string | undefined): MailLanguage {
  if (!header) return 'en';
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag, ...options] = part.trim().split(';');
      const q = options.map((o) => o.trim()).find((o) => o.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const code = entry.tag.slice(0, 2);
    if ((MAIL_LANGUAGES as readonly string[]).includes(code)) return code as MailLanguage;
  }
  return 'en';
}

const LOCALE: Record<MailLanguage, string> = {
  en: 'en-US',
  it: 'it-IT',
  fr: 'fr-FR',
  de: 'de-DE',
  es: 'es-ES',
  ru: 'ru-RU',
  uk: 'uk-UA',
};

/** What a template needs to format values in a language. */
interface Formats {
  usd(cents: string): string;
  instant(iso: string): string;
  date(isoDate: string): string;
  month(yyyyMm: string): string;
}

function formatsOf(language: MailLanguage, timeZone: string): Formats {
  const locale = LOCALE[language];
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  return {
    // the exact decimal text goes to Intl (a string is formatted without passing through a float)
    usd: (cents) => money.format(centsToDecimal(cents) as unknown as number),
    instant: (iso) =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }).format(new Date(iso)),
    date: (isoDate) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T12:00:00Z`)),
    month: (yyyyMm) =>
      new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${yyyyMm}-15T12:00:00Z`),
      ),
  };
}

function centsToDecimal(cents: string): string {
  const negative = cents.startsWith('-');
  const digits = (negative ? cents.slice(1) : cents).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A template's words in one language: subject and paragraphs, values already formatted. */
type Words = (message: MailMessage, f: Formats) => { subject: string; paragraphs: string[]; link?: string };

interface LanguageWords {
  hello(name: string): string;
  signature: string;
  notYou: string;
  body: Words;
}

const EN: LanguageWords = {
  hello: (name) => `Hello ${name},`,
  signature: 'Your Savings team',
  notYou: 'If this was not you, reset your password at once and contact us.',
  body: (m, f) => {
    switch (m.template) {
      case 'password-reset':
        return {
          subject: 'Reset your password',
          paragraphs: [
            'Someone asked to reset the password of your Savings account. Use this link to choose a new one:',
            `The link works once and expires in ${m.params.minutes} minutes. If you did not ask for it, ignore this message: your password stays as it is.`,
          ],
          link: m.params.link,
        };
      case 'password-changed':
        return {
          subject: 'Your password was changed',
          paragraphs: ['The password of your Savings account was just changed and every session was signed out.'],
        };
      case 'email-changed':
        return {
          subject: 'Your e-mail address was changed',
          paragraphs: [`The e-mail address of your Savings account was changed to ${m.params.newEmail}.`],
        };
      case 'banking-details-changed':
        return {
          subject: 'Your banking details were changed',
          paragraphs: [
            `The banking details of your Savings account were changed (IBAN ${m.params.iban}).`,
            ...(m.params.heldUntil
              ? [`For your protection, withdrawals to them can be approved after ${f.instant(m.params.heldUntil)}.`]
              : []),
          ],
        };
      case 'two-factor-changed': {
        const left = m.params.recoveryCodesLeft ?? 0;
        const [subject, paragraph] = {
          on: ['Two-factor sign-in turned on', 'Two-factor sign-in was turned on for your Savings account.'],
          off: ['Two-factor sign-in turned off', 'Two-factor sign-in was turned off for your Savings account.'],
          'recovery-code-used': [
            'A recovery code was used to sign in',
            `One of your recovery codes was just used to sign in to your Savings account. Recovery codes left: ${left}.`,
          ],
          removed: [
            'Two-factor sign-in removed by support',
            'At your request, our support team removed two-factor sign-in from your Savings account and signed out every session. Sign in with your password and set it up again under Security.',
          ],
        }[m.params.change];
        return { subject, paragraphs: [paragraph] };
      }
      case 'deposit-confirmed':
        return {
          subject: `Deposit of ${f.usd(m.params.amountCents)} confirmed`,
          paragraphs: [
            `Your deposit of ${f.usd(m.params.amountCents)} was credited. Your balance is now ${f.usd(m.params.balanceCents)}.`,
          ],
        };
      case 'withdrawal-approved':
        return {
          subject: `Withdrawal of ${f.usd(m.params.amountCents)} approved`,
          paragraphs: [
            `Your withdrawal of ${f.usd(m.params.amountCents)} was approved. It is paid out to your bank account on the 1st of next month.`,
          ],
        };
      case 'withdrawal-paid-out':
        return {
          subject: `Withdrawal of ${f.usd(m.params.amountCents)} paid out`,
          paragraphs: [
            `Your withdrawal of ${f.usd(m.params.amountCents)} was sent to your bank account on ${f.date(m.params.payoutDate)}.`,
          ],
        };
      case 'interest-summary':
        return {
          subject: `Your interest for ${f.month(m.params.month)}`,
          paragraphs: [
            `In ${f.month(m.params.month)} your savings earned ${f.usd(m.params.interestCents)} in interest. Your balance at the end of the month was ${f.usd(m.params.balanceCents)}.`,
          ],
        };
      case 'approval-waiting':
        return {
          subject: `Approval needed: ${f.usd(m.params.amountCents)} for ${m.params.customer}`,
          paragraphs: [
            `${m.params.requestedBy} asked to move ${f.usd(m.params.amountCents)} on the account of ${m.params.customer}. A second admin must approve it:`,
          ],
          link: m.params.link,
        };
      case 'withdrawal-returned':
        return {
          subject: `Withdrawal of ${f.usd(m.params.amountCents)} needs a new approval`,
          paragraphs: [
            m.params.reason === 'banking-details-changed'
              ? `Your banking details changed after your withdrawal of ${f.usd(m.params.amountCents)} was approved, so it is pending again: the money stays held and is not paid out until an admin approves it again, to your new details.`
              : `At payout, your banking details differed from the ones your withdrawal of ${f.usd(m.params.amountCents)} was approved for, so it was not paid out and is pending again: the money stays held until an admin approves it again.`,
            ...(m.params.approvableAfter
              ? [`For your protection, it can be approved after ${f.instant(m.params.approvableAfter)}.`]
              : []),
          ],
        };
      case 'withdrawal-reapproval':
        return {
          subject: `New approval needed: withdrawal of ${f.usd(m.params.amountCents)} for ${m.params.customer}`,
          paragraphs: [
            m.params.reason === 'banking-details-changed'
              ? `The withdrawal of ${f.usd(m.params.amountCents)} of ${m.params.customer} is pending again: the banking details changed after it was approved. It needs a new approval:`
              : `The withdrawal of ${f.usd(m.params.amountCents)} of ${m.params.customer} was left out of the payout and is pending again: the banking details differed from the approved ones. It needs a new approval:`,
            ...(m.params.approvableAfter
              ? [`It can be approved after ${f.instant(m.params.approvableAfter)} (banking-detail cooling-off).`]
              : []),
          ],
          link: m.params.link,
        };
    }
  },
};

const IT: LanguageWords = {
  hello: (name) => `Ciao ${name},`,
  signature: 'Il team di Savings',
  notYou: 'Se non sei stato tu, reimposta subito la password e contattaci.',
  body: (m, f) => {
    switch (m.template) {
      case 'password-reset':
        return {
          subject: 'Reimposta la tua password',
          paragraphs: [
            'È stata chiesta la reimpostazione della password del tuo conto Savings. Usa questo link per sceglierne una nuova:',
            `Il link funziona una sola volta e scade tra ${m.params.minutes} minuti. Se non l'hai chiesto tu, ignora questo messaggio: la password resta invariata.`,
          ],
          link: m.params.link,
        };
      case 'password-changed':
        return {
          subject: 'La tua password è stata cambiata',
          paragraphs: [
            'La password del tuo conto Savings è stata appena cambiata e tutte le sessioni sono state chiuse.',
          ],
        };
      case 'email-changed':
        return {
          subject: 'Il tuo indirizzo e-mail è stato cambiato',
          paragraphs: [`L'indirizzo e-mail del tuo conto Savings è stato cambiato in ${m.params.newEmail}.`],
        };
      case 'banking-details-changed':
        return {
          subject: 'I tuoi dati bancari sono stati cambiati',
          paragraphs: [
            `I dati bancari del tuo conto Savings sono stati cambiati (IBAN ${m.params.iban}).`,
            ...(m.params.heldUntil
              ? [
                  `Per la tua sicurezza, i prelievi verso di essi possono essere approvati dopo il ${f.instant(m.params.heldUntil)}.`,
                ]
              : []),
          ],
        };
      case 'two-factor-changed': {
        const left = m.params.recoveryCodesLeft ?? 0;
        const [subject, paragraph] = {
          on: ['Accesso a due fattori attivato', "L'accesso a due fattori è stato attivato per il tuo conto Savings."],
          off: [
            'Accesso a due fattori disattivato',
            "L'accesso a due fattori è stato disattivato per il tuo conto Savings.",
          ],
          'recovery-code-used': [
            'È stato usato un codice di recupero per accedere',
            `Uno dei tuoi codici di recupero è stato appena usato per accedere al tuo conto Savings. Codici di recupero rimasti: ${left}.`,
          ],
          removed: [
            "Accesso a due fattori rimosso dall'assistenza",
            "Su tua richiesta, la nostra assistenza ha rimosso l'accesso a due fattori dal tuo conto Savings e ha chiuso tutte le sessioni. Accedi con la password e riattivalo in Sicurezza.",
          ],
        }[m.params.change];
        return { subject, paragraphs: [paragraph] };
      }
      case 'deposit-confirmed':
        return {
          subject: `Deposito di ${f.usd(m.params.amountCents)} confermato`,
          paragraphs: [
            `Il tuo deposito di ${f.usd(m.params.amountCents)} è stato accreditato. Il tuo saldo ora è ${f.usd(m.params.balanceCents)}.`,
          ],
        };
      case 'withdrawal-approved':
        return {
          subject: `Prelievo di ${f.usd(m.params.amountCents)} approvato`,
          paragraphs: [
            `Il tuo prelievo di ${f.usd(m.params.amountCents)} è stato approvato. Sarà pagato sul tuo conto bancario il 1° del mese prossimo.`,
          ],
        };
      case 'withdrawal-paid-out':
        return {
          subject: `Prelievo di ${f.usd(m.params.amountCents)} pagato`,
          paragraphs: [
            `Il tuo prelievo di ${f.usd(m.params.amountCents)} è stato inviato al tuo conto bancario il ${f.date(m.params.payoutDate)}.`,
          ],
        };
      case 'interest-summary':
        return {
          subject: `I tuoi interessi di ${f.month(m.params.month)}`,
          paragraphs: [
            `A ${f.month(m.params.month)} i tuoi risparmi hanno maturato ${f.usd(m.params.interestCents)} di interessi. Il tuo saldo a fine mese era ${f.usd(m.params.balanceCents)}.`,
          ],
        };
      case 'approval-waiting':
        return {
          subject: `Approvazione richiesta: ${f.usd(m.params.amountCents)} per ${m.params.customer}`,
          paragraphs: [
            `${m.params.requestedBy} ha chiesto di movimentare ${f.usd(m.params.amountCents)} sul conto di ${m.params.customer}. Un secondo amministratore deve approvare:`,
          ],
          link: m.params.link,
        };
      case 'withdrawal-returned':
        return {
          subject: `Il prelievo di ${f.usd(m.params.amountCents)} richiede una nuova approvazione`,
          paragraphs: [
            m.params.reason === 'banking-details-changed'
              ? `I tuoi dati bancari sono cambiati dopo l'approvazione del prelievo di ${f.usd(m.params.amountCents)}, che torna quindi in attesa: l'importo resta bloccato e non viene pagato finché un amministratore non lo approva di nuovo, sui nuovi dati.`
              : `Al momento del pagamento i tuoi dati bancari erano diversi da quelli approvati per il prelievo di ${f.usd(m.params.amountCents)}, che non è stato pagato e torna in attesa: l'importo resta bloccato finché un amministratore non lo approva di nuovo.`,
            ...(m.params.approvableAfter
              ? [`Per la tua sicurezza, potrà essere approvato dopo ${f.instant(m.params.approvableAfter)}.`]
              : []),
          ],
        };
      case 'withdrawal-reapproval':
        return {
          subject: `Nuova approvazione richiesta: prelievo di ${f.usd(m.params.amountCents)} per ${m.params.customer}`,
          paragraphs: [
            m.params.reason === 'banking-details-changed'
              ? `Il prelievo di ${f.usd(m.params.amountCents)} di ${m.params.customer} è di nuovo in attesa: i dati bancari sono cambiati dopo l'approvazione. Serve una nuova approvazione:`
              : `Il prelievo di ${f.usd(m.params.amountCents)} di ${m.params.customer} è stato escluso dal pagamento ed è di nuovo in attesa: i dati bancari erano diversi da quelli approvati. Serve una nuova approvazione:`,
            ...(m.params.approvableAfter
              ? [
                  `Potrà essere approvato dopo ${f.instant(m.params.approvableAfter)} (attesa dopo il cambio dei dati bancari).`,
                ]
              : []),
          ],
          link: m.params.link,
        };
    }
  },
};

const FR: LanguageWords = {
  hello: (name) => `Bonjour ${name},`,
  signature: "L'équipe Savings",
  notYou: "Si ce n'était pas vous, réinitialisez votre mot de passe immédiatement et contactez-nous.",
  body: (m, f) => {
    switch (m.template) {
      case 'password-reset':
        return {
          subject: 'Réinitialisez votre mot de passe',
          paragraphs: [
            'Une réinitialisation du mot de passe de votre compte Savings a été demandée. Utilisez ce lien pour en choisir un nouveau :',
            `Le lien ne fonctionne qu'une fois et expire dans ${m.params.minutes} minutes. Si vous ne l'avez pas demandé, ignorez ce message : votre mot de passe reste inchangé.`,
          ],
          link: m.params.link,
        };
      case 'password-changed':
        return {
          subject: 'Votre mot de passe a été modifié',
          paragraphs: [
            'Le mot de passe de votre compte Savings vient d’être modifié et toutes les sessions ont été fermées.',
          ],
        };
      case 'email-changed':
        return {
          subject: 'Votre adresse e-mail a été modifiée',
          paragraphs: [`L'adresse e-mail de votre compte Savings a été remplacée par ${m.params.newEmail}.`],
        };
      case 'banking-details-changed':
        return {
          subject: 'Vos coordonnées bancaires ont été modifiées',
          paragraphs: [
            `Les coordonnées bancaires de votre compte Savings ont été modifiées (IBAN ${m.params.iban}).`,
            ...(m.params.heldUntil
              ? [
                  `Pour votre sécurité, les retraits vers elles pourront être approuvés après le ${f.instant(m.params.heldUntil)}.`,
                ]
              : []),
          ],
        };
      case 'two-factor-changed': {
        const left = m.params.recoveryCodesLeft ?? 0;
        const [subject, paragraph] = {
          on: [
            'Connexion à deux facteurs activée',
            'La connexion à deux facteurs a été activée pour votre compte Savings.',
          ],
          off: [
            'Connexion à deux facteurs désactivée',
            'La connexion à deux facteurs a été désactivée pour votre compte Savings.',
          ],
          'recovery-code-used': [
            'Un code de récupération a servi à vous connecter',
            `Un de vos codes de récupération vient de servir à vous connecter à votre compte Savings. Codes de récupération restants : ${left}.`,
          ],
          removed: [
            'Connexion à deux facteurs supprimée par le support',
            'À votre demande, notre support a supprimé la connexion à deux facteurs de votre compte Savings et fermé toutes les sessions. Connectez-vous avec votre mot de passe et réactivez-la dans Sécurité.',
          ],
        }[m.params.change];
        return { subject, paragraphs: [paragraph] };
      }
      case 'deposit-confirmed':
        return {
          subject: `Dépôt de ${f.usd(m.params.amountCents)} confirmé`,
          paragraphs: [
            `Votre dépôt de ${f.usd(m.params.amountCents)} a été crédité. Votre solde est maintenant de ${f.usd(m.params.balanceCents)}.`,
          ],
        };
      case 'withdrawal-approved':
        return {
          subject: `Retrait de ${f.usd(m.params.amountCents)} approuvé`,
          paragraphs: [
            `Votre retrait de ${f.usd(m.params.amountCents)} a été approuvé. Il sera versé sur votre compte bancaire le 1er du mois prochain.`,
          ],
        };
      case 'withdrawal-paid-out':
        return {
          subject: `Retrait de ${f.usd(m.params.amountCents)} versé`,
          paragraphs: [
            `Votre retrait de ${f.usd(m.params.amountCents)} a été envoyé sur votre compte bancaire le ${f.date(m.params.payoutDate)}.`,
          ],
        };
      case 'interest-summary':
        return {
          subject: `Vos intérêts de ${f.month(m.params.month)}`,
          paragraphs: [
            `En ${f.month(m.params.month)}, votre épargne a rapporté ${f.usd(m.params.interestCents)} d'intérêts. Votre solde en fin de mois était de ${f.usd(m.params.balanceCents)}.`,
          ],
        };
      case 'approval-waiting':
        return {
          subject: `Approbation requise : ${f.usd(m.params.amountCents)} pour ${m.params.customer}`,
          paragraphs: [
            `${m.params.requestedBy} a demandé un mouvement de ${f.usd(m.params.amountCents)} sur le compte de ${m.params.customer}. Un second administrateur doit l'approuver :`,
          ],
          link: m.params.link,
        };
      case 'withdrawal-returned':
        return {
          subject: `Le retrait de ${f.usd(m.params.amountCents)} doit être approuvé à nouveau`,
          paragraphs: [
            m.params.reason === 'banking-details-changed'
              ? `Vos coordonnées bancaires ont changé après l'approbation de votre retrait de ${f.usd(m.params.amountCents)}, qui est donc de nouveau en attente : le montant reste bloqué et n'est pas versé tant qu'un administrateur ne l'a pas approuvé à nouveau, vers vos nouvelles coordonnées.`
              : `Au moment du versement, vos coordonnées bancaires différaient de celles approuvées pour votre retrait de ${f.usd(m.params.amountCents)} : il n'a pas été versé et il est de nouveau en attente, le montant restant bloqué jusqu'à une nouvelle approbation.`,
            ...(m.params.approvableAfter
              ? [`Pour votre protection, il pourra être approuvé après le ${f.instant(m.params.approvableAfter)}.`]
              : []),
          ],
        };
      case 'withdrawal-reapproval':
        return {
          subject: `Nouvelle approbation requise : retrait de ${f.usd(m.params.amountCents)} pour ${m.params.customer}`,
          paragraphs: [
            m.params.reason === 'banking-details-changed'
              ? `Le retrait de ${f.usd(m.params.amountCents)} de ${m.params.customer} est de nouveau en attente : les coordonnées bancaires ont changé après son approbation. Il doit être approuvé à nouveau :`
              : `Le retrait de ${f.usd(m.params.amountCents)} de ${m.params.customer} a été écarté du versement et est de nouveau en attente : les coordonnées bancaires différaient de celles approuvées. Il doit être approuvé à nouveau :`,
            ...(m.params.approvableAfter
              ? [
                  `Il pourra être approuvé après le ${f.instant(m.params.approvableAfter)} (délai après un changement de coordonnées bancaires).`,
                ]
              : []),
          ],
          link: m.params.link,
        };
    }
  },
};

const DE: LanguageWords = {
  hello: (name) => `Hallo ${name},`,
  signature: 'Ihr Savings-Team',
  notYou: 'Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie uns.',
  body: (m, f) => {
    switch (m.template) {
      case 'password-reset':
        return {
          subject: 'Passwort zurücksetzen',
          paragraphs: [
            'Für Ihr Savings-Konto wurde das Zurücksetzen des Passworts angefordert. Wählen Sie über diesen Link ein neues:',
            `Der Link funktioniert einmal und läuft in ${m.params.minutes} Minuten ab. Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.`,
          ],
          link: m.params.link,
        };
      case 'password-changed':
        return {
          subject: 'Ihr Passwort wurde geändert',
          paragraphs: ['Das Passwort Ihres Savings-Kontos wurde soeben geändert und alle Sitzungen wurden beendet.'],
        };
      case 'email-changed':
        return {
          subject: 'Ihre E-Mail-Adresse wurde geändert',
          paragraphs: [`Die E-Mail-Adresse Ihres Savings-Kontos wurde in ${m.params.newEmail} geändert.`],
        };
      case 'banking-details-changed':
        return {
          subject: 'Ihre Bankverbindung wurde geändert',
          paragraphs: [
            `Die Bankverbindung Ihres Savings-Kontos wurde geändert (IBAN ${m.params.iban}).`,
            ...(m.params.heldUntil
              ? [
                  `Zu Ihrem Schutz können Auszahlungen dorthin erst nach ${f.instant(m.params.heldUntil)} genehmigt werden.`,
                ]
              : []),
          ],
        };
      case 'two-factor-changed': {
        const left = m.params.recoveryCodesLeft ?? 0;
        const [subject, paragraph] = {
          on: [
            'Zwei-Faktor-Anmeldung eingeschaltet',
            'Die Zwei-Faktor-Anmeldung wurde für Ihr Savings-Konto eingeschaltet.',
          ],
          off: [
            'Zwei-Faktor-Anmeldung ausgeschaltet',
            'Die Zwei-Faktor-Anmeldung wurde für Ihr Savings-Konto ausgeschaltet.',
          ],
          'recovery-code-used': [
            'Ein Wiederherstellungscode wurde zur Anmeldung verwendet',
            `Einer Ihrer Wiederherstellungscodes wurde soeben zur Anmeldung bei Ihrem Savings-Konto verwendet. Verbleibende Wiederherstellungscodes: ${left}.`,
          ],
          removed: [
            'Zwei-Faktor-Anmeldung vom Support entfernt',
            'Auf Ihre Bitte hat unser Support die Zwei-Faktor-Anmeldung Ihres Savings-Kontos entfernt und alle Sitzungen abgemeldet. Melden Sie sich mit Ihrem Passwort an und richten Sie sie unter Sicherheit erneut ein.',
          ],
        }[m.params.change];
        return { subject, paragraphs: [paragraph] };
      }
      case 'deposit-confirmed':
        return {
          subject: `Einzahlung von ${f.usd(m.params.amountCents)} bestätigt`,
          paragraphs: [
            `Ihre Einzahlung von ${f.usd(m.params.amountCents)} wurde gutgeschrieben. Ihr Guthaben beträgt jetzt ${f.usd(m.params.balanceCents)}.`,
          ],
        };
      case 'withdrawal-approved':
        return {
          subject: `Auszahlung von ${f.usd(m.params.amountCents)} genehmigt`,
          paragraphs: [
            `Ihre Auszahlung von ${f.usd(m.params.amountCents)} wurde genehmigt. Sie wird am 1. des nächsten Monats auf Ihr Bankkonto überwiesen.`,
          ],
        };
      case 'withdrawal-paid-out':
        return {
          subject: `Auszahlung von ${f.usd(m.params.amountCents)} überwiesen`,
          paragraphs: [
            `Ihre Auszahlung von ${f.usd(m.params.amountCents)} wurde am ${f.date(m.params.payoutDate)} auf Ihr Bankkonto überwiesen.`,
          ],
        };
      case 'interest-summary':
        return {
          subject: `Ihre Zinsen für ${f.month(m.params.month)}`,
          paragraphs: [
            `Im ${f.month(m.params.month)} hat Ihr Guthaben ${f.usd(m.params.interestCents)} Zinsen erbracht. Ihr Guthaben am Monatsende betrug ${f.usd(m.params.balanceCents)}.`,
          ],
        };
      case 'approval-waiting':
        return {
          subject: `Genehmigung nötig: ${f.usd(m.params.amountCents)} für ${m.params.customer}`,
          paragraphs: [
            `${m.params.requestedBy} möchte ${f.usd(m.params.amountCents)} auf dem Konto von ${m.params.customer} bewegen. Ein zweiter Admin muss das genehmigen:`,
          ],
          link: m.params.link,
        };
      case 'withdrawal-returned':
        return {
          subject: `Auszahlung von ${f.usd(m.params.amountCents)} muss neu genehmigt werden`,
          paragraphs: [
            m.params.reason === 'banking-details-changed'
              ? `Ihre Bankverbindung wurde nach der Genehmigung Ihrer Auszahlung von ${f.usd(m.params.amountCents)} geändert, daher ist sie wieder offen: Der Betrag bleibt reserviert und wird erst ausgezahlt, wenn ein Admin sie erneut genehmigt, an Ihre neue Bankverbindung.`
              : `Bei der Auszahlung wich Ihre Bankverbindung von der ab, für die Ihre Auszahlung von ${f.usd(m.params.amountCents)} genehmigt wurde. Sie wurde daher nicht ausgezahlt und ist wieder offen; der Betrag bleibt reserviert, bis ein Admin sie erneut genehmigt.`,
            ...(m.params.approvableAfter
              ? [`Zu Ihrem Schutz kann sie erst nach ${f.instant(m.params.approvableAfter)} genehmigt werden.`]
              : []),
          ],
        };
      case 'withdrawal-reapproval':
        return {
          subject: `Neue Genehmigung nötig: Auszahlung von ${f.usd(m.params.amountCents)} für ${m.params.customer}`,
          paragraphs: [
            m.params.reason === 'banking-details-changed'
              ? `Die Auszahlung von ${f.usd(m.params.amountCents)} von ${m.params.customer} ist wieder offen: Die Bankverbindung wurde nach der Genehmigung geändert. Sie muss neu genehmigt werden:`
              : `Die Auszahlung von ${f.usd(m.params.amountCents)} von ${m.params.customer} wurde nicht ausgezahlt und ist wieder offen: Die Bankverbindung wich von der genehmigten ab. Sie muss neu genehmigt werden:`,
            ...(m.params.approvableAfter
              ? [
                  `Sie kann nach ${f.instant(m.params.approvableAfter)} genehmigt werden (Wartezeit nach einer Änderung der Bankverbindung).`,
                ]
              : []),
          ],
          link: m.params.link,
        };
    }
  },
};

const ES: LanguageWords = {
  hello: (name) => `Hola ${name}:`,
  signature: 'El equipo de Savings',
  notYou: 'Si no fuiste tú, restablece tu contraseña de inmediato y contáctanos.',
  body: (m, f) => {
    switch (m.template) {
      case 'password-reset':
        return {
          subject: 'Restablece tu contraseña',
          paragraphs: [
            'Se ha pedido restablecer la contraseña de tu cuenta Savings. Usa este enlace para elegir una nueva:',
            `El enlace funciona una sola vez y caduca en ${m.params.minutes} minutos. Si no lo pediste, ignora este mensaje: tu contraseña no cambia.`,
          ],
          link: m.params.link,
        };
      case 'password-changed':
        return {
          subject: 'Tu contraseña ha cambiado',
          paragraphs: ['La contraseña de tu cuenta Savings acaba de cambiar y se han cerrado todas las sesiones.'],
        };
      case 'email-changed':
        return {
          subject: 'Tu correo electrónico ha cambiado',
          paragraphs: [`El correo electrónico de tu cuenta Savings se ha cambiado a ${m.params.newEmail}.`],
        };
      case 'banking-details-changed':
        return {
          subject: 'Tus datos bancarios han cambiado',
          paragraphs: [
            `Los datos bancarios de tu cuenta Savings han cambiado (IBAN ${m.params.iban}).`,
            ...(m.params.heldUntil
              ? [`Por tu seguridad, los retiros a ellos podrán aprobarse después del ${f.instant(m.params.heldUntil)}.`]
              : []),
          ],
        };
      case 'two-factor-changed': {
        const left = m.params.recoveryCodesLeft ?? 0;
        const [subject, paragraph] = {
          on: [
            'Inicio de sesión en dos pasos activado',
            'Se ha activado el inicio de sesión en dos pasos en tu cuenta Savings.',
          ],
          off: [
            'Inicio de sesión en dos pasos desactivado',
            'Se ha desactivado el inicio de sesión en dos pasos en tu cuenta Savings.',
          ],
          'recovery-code-used': [
            'Se ha usado un código de recuperación para iniciar sesión',
            `Se acaba de usar uno de tus códigos de recuperación para iniciar sesión en tu cuenta Savings. Códigos de recuperación restantes: ${left}.`,
          ],
          removed: [
            'El soporte ha quitado el inicio de sesión en dos pasos',
            'A petición tuya, nuestro equipo de soporte ha quitado el inicio de sesión en dos pasos de tu cuenta Savings y ha cerrado todas las sesiones. Inicia sesión con tu contraseña y vuelve a activarlo en Seguridad.',
          ],
        }[m.params.change];
        return { subject, paragraphs: [paragraph] };
      }
      case 'deposit-confirmed':
        return {
          subject: `Depósito de ${f.usd(m.params.amountCents)} confirmado`,
          paragraphs: [
            `Tu depósito de ${f.usd(m.params.amountCents)} se ha abonado. Tu saldo es ahora ${f.usd(m.params.balanceCents)}.`,
          ],
        };
      case 'withdrawal-approved':
        return {
          subject: `Retiro de ${f.usd(m.params.amountCents)} aprobado`,
          paragraphs: [
            `Tu retiro de ${f.usd(m.params.amountCents)} ha sido aprobado. Se pagará en tu cuenta bancaria el día 1 del mes próximo.`,
          ],
        };
      case 'withdrawal-paid-out':
        return {
          subject: `Retiro de ${f.usd(m.params.amountCents)} pagado`,
          paragraphs: [
            `Tu retiro de ${f.usd(m.params.amountCents)} se envió a tu cuenta bancaria el ${f.date(m.params.payoutDate)}.`,
          ],
        };
      case 'interest-summary':
        return {
          subject: `Tus intereses de ${f.month(m.params.month)}`,
          paragraphs: [
            `En ${f.month(m.params.month)} tus ahorros generaron ${f.usd(m.params.interestCents)} de intereses. Tu saldo a fin de mes era ${f.usd(m.params.balanceCents)}.`,
          ],
        };
      case 'approval-waiting':
        return {
          subject: `Aprobación necesaria: ${f.usd(m.params.amountCents)} para ${m.params.customer}`,
          paragraphs: [
            `${m.params.requestedBy} pidió mover ${f.usd(m.params.amountCents)} en la cuenta de ${m.params.customer}. Un segundo administrador debe aprobarlo:`,
          ],
          link: m.params.link,
        };
      case 'withdrawal-returned':
        return {
          subject: `La retirada de ${f.usd(m.params.amountCents)} necesita una nueva aprobación`,
          paragraphs: [
            m.params.reason === 'banking-details-changed'
              ? `Tus datos bancarios cambiaron después de aprobarse tu retirada de ${f.usd(m.params.amountCents)}, que vuelve a estar pendiente: el importe sigue retenido y no se paga hasta que un administrador la apruebe de nuevo, a tus nuevos datos.`
              : `Al pagar, tus datos bancarios eran distintos de aquellos para los que se aprobó tu retirada de ${f.usd(m.params.amountCents)}, así que no se pagó y vuelve a estar pendiente: el importe sigue retenido hasta una nueva aprobación.`,
            ...(m.params.approvableAfter
              ? [`Por tu seguridad, podrá aprobarse después del ${f.instant(m.params.approvableAfter)}.`]
              : []),
          ],
        };
      case 'withdrawal-reapproval':
        return {
          subject: `Nueva aprobación necesaria: retirada de ${f.usd(m.params.amountCents)} para ${m.params.customer}`,
          paragraphs: [
            m.params.reason === 'banking-details-changed'
              ? `La retirada de ${f.usd(m.params.amountCents)} de ${m.params.customer} vuelve a estar pendiente: los datos bancarios cambiaron después de su aprobación. Necesita una nueva aprobación:`
              : `La retirada de ${f.usd(m.params.amountCents)} de ${m.params.customer} quedó fuera del pago y vuelve a estar pendiente: los datos bancarios eran distintos de los aprobados. Necesita una nueva aprobación:`,
            ...(m.params.approvableAfter
              ? [
                  `Podrá aprobarse después del ${f.instant(m.params.approvableAfter)} (espera tras un cambio de datos bancarios).`,
                ]
              : []),
          ],
          link: m.params.link,
        };
    }
  },
};

const RU: LanguageWords = {
  hello: (name) => `Здравствуйте, ${name}!`,
  signature: 'Команда Savings',
  notYou: 'Если это были не вы, немедленно сбросьте пароль и свяжитесь с нами.',
  body: (m, f) => {
    switch (m.template) {
      case 'password-reset':
        return {
          subject: 'Сброс пароля',
          paragraphs: [
            'Был запрошен сброс пароля вашего счёта Savings. Чтобы выбрать новый пароль, перейдите по ссылке:',
            `Ссылка действует один раз и истекает через ${m.params.minutes} минут. Если вы не запрашивали сброс, просто проигнорируйте это письмо: пароль останется прежним.`,
          ],
          link: m.params.link,
        };
      case 'password-changed':
        return {
          subject: 'Ваш пароль изменён',
          paragraphs: ['Пароль вашего счёта Savings только что был изменён, все сеансы завершены.'],
        };
      case 'email-changed':
        return {
          subject: 'Ваш адрес электронной почты изменён',
          paragraphs: [`Адрес электронной почты вашего счёта Savings изменён на ${m.params.newEmail}.`],
        };
      case 'banking-details-changed':
        return {
          subject: 'Ваши банковские реквизиты изменены',
          paragraphs: [
            `Банковские реквизиты вашего счёта Savings изменены (IBAN ${m.params.iban}).`,
            ...(m.params.heldUntil
              ? [`В целях безопасности выводы на них могут быть одобрены после ${f.instant(m.params.heldUntil)}.`]
              : []),
          ],
        };
      case 'two-factor-changed': {
        const left = m.params.recoveryCodesLeft ?? 0;
        const [subject, paragraph] = {
          on: ['Двухфакторный вход включён', 'Для вашего счёта Savings включён двухфакторный вход.'],
          off: ['Двухфакторный вход отключён', 'Для вашего счёта Savings отключён двухфакторный вход.'],
          'recovery-code-used': [
            'Для входа использован код восстановления',
            `Один из ваших кодов восстановления только что использован для входа в ваш счёт Savings. Осталось кодов восстановления: ${left}.`,
          ],
          removed: [
            'Служба поддержки отключила двухфакторный вход',
            'По вашей просьбе служба поддержки отключила двухфакторный вход для вашего счёта Savings и завершила все сеансы. Войдите с паролем и снова включите его в разделе «Безопасность».',
          ],
        }[m.params.change];
        return { subject, paragraphs: [paragraph] };
      }
      case 'deposit-confirmed':
        return {
          subject: `Депозит ${f.usd(m.params.amountCents)} подтверждён`,
          paragraphs: [
            `Ваш депозит ${f.usd(m.params.amountCents)} зачислен. Ваш баланс теперь ${f.usd(m.params.balanceCents)}.`,
          ],
        };
      case 'withdrawal-approved':
        return {
          subject: `Вывод ${f.usd(m.params.amountCents)} одобрен`,
          paragraphs: [
            `Ваш вывод ${f.usd(m.params.amountCents)} одобрен. Он будет выплачен на ваш банковский счёт 1-го числа следующего месяца.`,
          ],
        };
      case 'withdrawal-paid-out':
        return {
          subject: `Вывод ${f.usd(m.params.amountCents)} выплачен`,
          paragraphs: [
            `Ваш вывод ${f.usd(m.params.amountCents)} отправлен на ваш банковский счёт ${f.date(m.params.payoutDate)}.`,
          ],
        };
      case 'interest-summary':
        return {
          subject: `Ваши проценты: ${f.month(m.params.month)}`,
          paragraphs: [
            `За ${f.month(m.params.month)} ваши сбережения принесли ${f.usd(m.params.interestCents)} процентов. Баланс на конец месяца: ${f.usd(m.params.balanceCents)}.`,
          ],
        };
      case 'approval-waiting':
        return {
          subject: `Требуется одобрение: ${f.usd(m.params.amountCents)} для ${m.params.customer}`,
          paragraphs: [
            `${m.params.requestedBy} запросил операцию на ${f.usd(m.params.amountCents)} по счёту ${m.params.customer}. Её должен одобрить второй администратор:`,
          ],
          link: m.params.link,
        };
      case 'withdrawal-returned':
        return {
          subject: `Вывод ${f.usd(m.params.amountCents)} требует нового одобрения`,
          paragraphs: [
            m.params.reason === 'banking-details-changed'
              ? `Ваши банковские реквизиты изменились после одобрения вывода ${f.usd(m.params.amountCents)}, поэтому он снова ожидает: сумма остаётся заблокированной и не выплачивается, пока администратор снова не одобрит вывод на новые реквизиты.`
              : `При выплате ваши банковские реквизиты отличались от тех, на которые был одобрен вывод ${f.usd(m.params.amountCents)}, поэтому он не выплачен и снова ожидает: сумма остаётся заблокированной до нового одобрения.`,
            ...(m.params.approvableAfter
              ? [`Для вашей защиты его можно одобрить после ${f.instant(m.params.approvableAfter)}.`]
              : []),
          ],
        };
      case 'withdrawal-reapproval':
        return {
          subject: `Нужно новое одобрение: вывод ${f.usd(m.params.amountCents)} для ${m.params.customer}`,
          paragraphs: [
            m.params.reason === 'banking-details-changed'
              ? `Вывод ${f.usd(m.params.amountCents)} клиента ${m.params.customer} снова ожидает: банковские реквизиты изменились после одобрения. Нужно новое одобрение:`
              : `Вывод ${f.usd(m.params.amountCents)} клиента ${m.params.customer} исключён из выплаты и снова ожидает: банковские реквизиты отличались от одобренных. Нужно новое одобрение:`,
            ...(m.params.approvableAfter
              ? [`Его можно одобрить после ${f.instant(m.params.approvableAfter)} (ожидание после смены реквизитов).`]
              : []),
          ],
          link: m.params.link,
        };
    }
  },
};

const UK: LanguageWords = {
  hello: (name) => `Вітаємо, ${name}!`,
  signature: 'Команда Savings',
  notYou: 'Якщо це були не ви, негайно скиньте пароль і зв’яжіться з нами.',
  body: (m, f) => {
    switch (m.template) {
      case 'password-reset':
        return {
          subject: 'Скидання пароля',
          paragraphs: [
            'Було запитано скидання пароля вашого рахунку Savings. Щоб обрати новий пароль, перейдіть за посиланням:',
            `Посилання діє один раз і спливає через ${m.params.minutes} хвилин. Якщо ви цього не запитували, просто проігноруйте лист: пароль залишиться незмінним.`,
          ],
          link: m.params.link,
        };
      case 'password-changed':
        return {
          subject: 'Ваш пароль змінено',
          paragraphs: ['Пароль вашого рахунку Savings щойно змінено, усі сеанси завершено.'],
        };
      case 'email-changed':
        return {
          subject: 'Вашу адресу електронної пошти змінено',
          paragraphs: [`Адресу електронної пошти вашого рахунку Savings змінено на ${m.params.newEmail}.`],
        };
      case 'banking-details-changed':
        return {
          subject: 'Ваші банківські реквізити змінено',
          paragraphs: [
            `Банківські реквізити вашого рахунку Savings змінено (IBAN ${m.params.iban}).`,
            ...(m.params.heldUntil
              ? [`З міркувань безпеки виведення на них можна схвалити після ${f.instant(m.params.heldUntil)}.`]
              : []),
          ],
        };
      case 'two-factor-changed': {
        const left = m.params.recoveryCodesLeft ?? 0;
        const [subject, paragraph] = {
          on: ['Двофакторний вхід увімкнено', 'Для вашого рахунку Savings увімкнено двофакторний вхід.'],
          off: ['Двофакторний вхід вимкнено', 'Для вашого рахунку Savings вимкнено двофакторний вхід.'],
          'recovery-code-used': [
            'Для входу використано код відновлення',
            `Один із ваших кодів відновлення щойно використано для входу у ваш рахунок Savings. Залишилося кодів відновлення: ${left}.`,
          ],
          removed: [
            'Служба підтримки вимкнула двофакторний вхід',
            'На ваше прохання служба підтримки вимкнула двофакторний вхід для вашого рахунку Savings і завершила всі сеанси. Увійдіть із паролем і знову увімкніть його в розділі «Безпека».',
          ],
        }[m.params.change];
        return { subject, paragraphs: [paragraph] };
      }
      case 'deposit-confirmed':
        return {
          subject: `Депозит ${f.usd(m.params.amountCents)} підтверджено`,
          paragraphs: [
            `Ваш депозит ${f.usd(m.params.amountCents)} зараховано. Ваш баланс тепер ${f.usd(m.params.balanceCents)}.`,
          ],
        };
      case 'withdrawal-approved':
        return {
          subject: `Виведення ${f.usd(m.params.amountCents)} схвалено`,
          paragraphs: [
            `Ваше виведення ${f.usd(m.params.amountCents)} схвалено. Його буде виплачено на ваш банківський рахунок 1-го числа наступного місяця.`,
          ],
        };
      case 'withdrawal-paid-out':
        return {
          subject: `Виведення ${f.usd(m.params.amountCents)} виплачено`,
          paragraphs: [
            `Ваше виведення ${f.usd(m.params.amountCents)} надіслано на ваш банківський рахунок ${f.date(m.params.payoutDate)}.`,
          ],
        };
      case 'interest-summary':
        return {
          subject: `Ваші відсотки: ${f.month(m.params.month)}`,
          paragraphs: [
            `За ${f.month(m.params.month)} ваші заощадження принесли ${f.usd(m.params.interestCents)} відсотків. Баланс на кінець місяця: ${f.usd(m.params.balanceCents)}.`,
          ],
        };
      case 'approval-waiting':
        return {
          subject: `Потрібне схвалення: ${f.usd(m.params.amountCents)} для ${m.params.customer}`,
          paragraphs: [
            `${m.params.requestedBy} запросив операцію на ${f.usd(m.params.amountCents)} за рахунком ${m.params.customer}. Її має схвалити другий адміністратор:`,
          ],
          link: m.params.link,
        };
      case 'withdrawal-returned':
        return {
          subject: `Виведення ${f.usd(m.params.amountCents)} потребує нового схвалення`,
          paragraphs: [
            m.params.reason === 'banking-details-changed'
              ? `Ваші банківські реквізити змінилися після схвалення виведення ${f.usd(m.params.amountCents)}, тому воно знову очікує: сума залишається заблокованою і не виплачується, доки адміністратор знову не схвалить виведення на нові реквізити.`
              : `Під час виплати ваші банківські реквізити відрізнялися від тих, на які було схвалено виведення ${f.usd(m.params.amountCents)}, тому його не виплачено і воно знову очікує: сума залишається заблокованою до нового схвалення.`,
            ...(m.params.approvableAfter
              ? [`Для вашого захисту його можна схвалити після ${f.instant(m.params.approvableAfter)}.`]
              : []),
          ],
        };
      case 'withdrawal-reapproval':
        return {
          subject: `Потрібне нове схвалення: виведення ${f.usd(m.params.amountCents)} для ${m.params.customer}`,
          paragraphs: [
            m.params.reason === 'banking-details-changed'
              ? `Виведення ${f.usd(m.params.amountCents)} клієнта ${m.params.customer} знову очікує: банківські реквізити змінилися після схвалення. Потрібне нове схвалення:`
              : `Виведення ${f.usd(m.params.amountCents)} клієнта ${m.params.customer} виключено з виплати, і воно знову очікує: банківські реквізити відрізнялися від схвалених. Потрібне нове схвалення:`,
            ...(m.params.approvableAfter
              ? [
                  `Його можна схвалити після ${f.instant(m.params.approvableAfter)} (очікування після зміни реквізитів).`,
                ]
              : []),
          ],
          link: m.params.link,
        };
    }
  },
};

const WORDS: Record<MailLanguage, LanguageWords> = { en: EN, it: IT, fr: FR, de: DE, es: ES, ru: RU, uk: UK };

/** Messages about the account's security close with what to do if it was not the customer. */
const SECURITY_NOTICES = new Set<MailTemplate>([
  'password-changed',
  'email-changed',
  'banking-details-changed',
  'two-factor-changed',
  'withdrawal-returned',
]);

/** The subject, plain text and HTML of a message to `name` in `language` (times shown in `timeZone`). */
export function renderMail(message: MailMessage, language: MailLanguage, name: string, timeZone: string): RenderedMail {
  const words = WORDS[language] ?? EN;
  const { subject, paragraphs, link } = words.body(message, formatsOf(language, timeZone));
  const closing = SECURITY_NOTICES.has(message.template) ? [words.notYou] : [];
  const textParts = [words.hello(name), ...paragraphs.slice(0, 1), ...(link ? [link] : []), ...paragraphs.slice(1)];
  const text = [...textParts, ...closing, `-- \n${words.signature}`].join('\n\n') + '\n';
  const htmlParagraphs = [words.hello(name), ...paragraphs.slice(0, 1)].map((p) => `<p>${escapeHtml(p)}</p>`);
  if (link) htmlParagraphs.push(`<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`);
  for (const p of [...paragraphs.slice(1), ...closing]) htmlParagraphs.push(`<p>${escapeHtml(p)}</p>`);
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a202c">` +
    htmlParagraphs.join('') +
    `<p style="color:#4a5568">${escapeHtml(words.signature)}</p></body></html>`;
  // a header never carries a line break, whatever a name or an amount holds
  return { subject: subject.replace(/[\r\n]+/g, ' '), text, html };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** An IBAN as a mail shows it: country, check digits and the last four characters. */
export function maskIban(iban: string): string {
  return iban.length <= 8 ? iban : `${iban.slice(0, 4)} … ${iban.slice(-4)}`;
}
