import type { TechnicalOverview } from './technical-overview-text';

/** The technical overview in English. */
export const overview: TechnicalOverview = {
  title: 'Technical Overview',
  subtitle:
    'How the Savings Platform fixed-income account works: the thesis, the mechanics, the risks and the legal framework.',
  metaTitle: 'Technical Overview — Savings Platform, 7% fixed annual interest',
  metaDescription:
    'Executive summary, investment thesis, key features, risk management and the legal framework of a fixed 7% savings account credited daily, from $1,000.',
  download: 'Download PDF',
  back: 'Back to home',
  sections: [
    {
      id: 'executive-summary',
      heading: 'Executive Summary',
      paragraphs: [
        'Savings Platform Ltd, a company registered in Road Town, Tortola, British Virgin Islands, offers an online savings account in US dollars that pays a fixed 7% a year. Interest is computed on the account balance and credited every day at 10:00.',
        'The account is open to individuals and to companies and foundations. It starts at $1,000, has no lock-in period and no penalties, and is managed entirely online: deposits by bank transfer, a live balance, a full interest history and monthly withdrawals.',
      ],
      bullets: [
        'Fixed rate: 7% a year, credited daily (daily rate 0.019178%).',
        'Minimum deposit: $1,000. Currency: USD.',
        'Capital insured up to $150 million.',
        "Redemption on 5 business days' notice; withdrawals paid on the 1st of each month.",
      ],
    },
    {
      id: 'investment-thesis',
      heading: 'Investment Thesis',
      paragraphs: [
        'Cash left on a current account earns close to nothing: a typical bank pays about 0.1% a year, far below inflation. Meanwhile high-quality fixed-income instruments pay materially more to investors able to hold them at scale.',
        'The platform pools client liquidity and places it in government bonds and AAA-rated corporate securities, managed with a conservative liquidity policy. The spread between what these instruments earn and the 7% paid to clients funds operations and reserves. Clients get a fixed, predictable return without selecting or trading securities themselves.',
      ],
    },
    {
      id: 'target-investors',
      heading: 'Target Investors',
      paragraphs: [
        'The account is designed for savers who want a steady, predictable return on liquidity they do not need day to day.',
      ],
      bullets: [
        'Individuals building savings or planning retirement income.',
        'Companies holding operating reserves or treasury surpluses.',
        'Foundations and holding structures seeking a stable return on liquid assets.',
        'International clients who value asset protection in a neutral jurisdiction.',
      ],
    },
    {
      id: 'key-features',
      heading: 'Key Features',
      paragraphs: ['Every feature is aimed at clarity: one rate, one currency, one balance that grows every day.'],
      bullets: [
        '7% fixed annual interest, credited daily at 10:00 and shown in a complete interest history.',
        'No lock-in periods and no penalties for withdrawing.',
        '$1,000 minimum deposit, by bank transfer quoting a personal reference code.',
        'Capital insured up to $150 million.',
        'Legal asset protection: assets held in a foreign jurisdiction cannot be seized for debts or legal proceedings.',
        'An online dashboard with the balance, a countdown to the next credit, deposit requests and account activity.',
      ],
    },
    {
      id: 'how-it-works',
      heading: 'How It Works',
      paragraphs: ['Opening and running an account takes four steps.'],
      bullets: [
        'Register online in minutes with your name, e-mail and a password.',
        'Transfer liquidity from a personal or business bank account, quoting your reference code. Deposits are typically confirmed within 1-2 business days.',
        'Start earning immediately: interest accrues from the day your deposit is confirmed.',
        'Earn 7%: interest is credited every day at 10:00. Request a withdrawal at any time once your banking details are saved; approved withdrawals are paid on the 1st of each month.',
      ],
    },
    {
      id: 'risk-management',
      heading: 'Risk Management',
      paragraphs: [
        "Client funds are invested only in government bonds and AAA-rated corporate securities, diversified across issuers and maturities, with a liquidity buffer sized to meet redemptions on 5 business days' notice.",
        'Every movement of money is recorded in an append-only, double-entry ledger whose integrity can be verified at any time; balances, interest credits and withdrawals can be reconstructed and audited from that record. Capital is insured up to $150 million.',
        'Savings and investments carry risk: the value of underlying instruments can fall, and past returns do not guarantee future ones. The account terms set out the rate, the insurance cover and the withdrawal conditions.',
      ],
    },
    {
      id: 'regulatory-legal',
      heading: 'Regulatory & Legal Framework',
      paragraphs: [
        'Savings Platform Ltd is a company registered in the British Virgin Islands, with its registered office in Road Town, Tortola. Client assets are held under the law of that jurisdiction, which provides legal protection against seizure for debts or legal proceedings brought elsewhere.',
        "Clients are identified at onboarding and funds are accepted only by bank transfer from accounts in the client's own name or the name of their company. Nothing on this site is investment advice; clients should consider their own tax and legal position.",
      ],
    },
    {
      id: 'contact-onboarding',
      heading: 'Contact & Onboarding',
      paragraphs: [
        'Open an account online in minutes, then make your first transfer of at least $1,000 using the bank details and reference code shown in your dashboard. For corporate accounts, foundations or any question, write to us and a member of the team will reply within one business day.',
      ],
    },
  ],
  page: 'Page {n} of {total}',
};
