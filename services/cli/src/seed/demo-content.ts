/** The demo data `db:seed` creates once: customers with banking details and three blog posts. */
export interface DemoCustomer {
  name: string;
  email: string;
  banking: { beneficiaryName: string; iban: string; swift: string } | null;
  deposits: string[];
  adjustment?: { amount: string; operation: 'add' | 'subtract'; note: string };
  withdrawal?: string;
  depositRequests: string[];
}

export const DEMO_ADMIN = { name: 'Demo Admin', email: 'admin@demo.local' };
/** The second admin, so four eyes can be tried at once (one asks, the other approves). */
export const DEMO_SECOND_ADMIN = { name: 'Second Admin', email: 'admin2@demo.local' };

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    name: 'Alice Martin',
    email: 'alice@demo.local',
    banking: { beneficiaryName: 'Alice Martin', iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
    deposits: ['25000.00'],
    adjustment: { amount: '250.00', operation: 'add', note: 'Welcome bonus' },
    withdrawal: '2000.00',
    depositRequests: ['5000.00'],
  },
  {
    name: 'Bruno Rossi',
    email: 'bruno@demo.local',
    banking: { beneficiaryName: 'Bruno Rossi', iban: 'IT60X0542811101000000123456', swift: 'BPMOIT22XXX' },
    deposits: ['10000.00', '2500.00'],
    depositRequests: ['3000.00'],
  },
  {
    name: 'Chloé Dubois',
    email: 'chloe@demo.local',
    banking: { beneficiaryName: 'Chloé Dubois SARL', iban: 'FR1420041010050500013M02606', swift: 'BNPAFRPP' },
    deposits: ['50000.00'],
    adjustment: { amount: '100.00', operation: 'subtract', note: 'Correction of a duplicated transfer fee' },
    withdrawal: '5000.00',
    depositRequests: [],
  },
  {
    name: 'Daniel Weber',
    email: 'daniel@demo.local',
    banking: { beneficiaryName: 'Daniel Weber', iban: 'GB82WEST12345698765432', swift: 'NWBKGB2L' },
    deposits: [],
    depositRequests: ['1000.00'],
  },
];

export interface DemoPost {
  title: string;
  slug: string;
  excerpt: string;
  keywords: string;
  daysAgo: number;
  content: string;
}

export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'How Daily Compounding Works at 7% a Year',
    slug: 'how-daily-compounding-works',
    excerpt: 'Interest is credited every day at 10:00, so each day earns on the day before. Here is the arithmetic.',
    keywords: 'interest,compounding,savings,7 percent',
    daysAgo: 2,
    content: `## Interest, every day

Your balance earns **7% a year**, credited **daily at 10:00**. The daily rate is 7% divided by 365.

### What that means for $10,000

- Day one earns about **$1.92**
- The next day earns on $10,001.92
- After a year the balance is about **$10,725**

### Rounding, honestly

Credits are made in whole cents. The fraction of a cent that is left over is *carried to the next day*, so over any period you receive the exact amount to within one cent.`,
  },
  {
    title: 'Withdrawals on the 1st: A Practical Guide',
    slug: 'withdrawals-on-the-first',
    excerpt: 'Request any day, receive on the 1st of the month. What happens in between, step by step.',
    keywords: 'withdrawals,payouts,banking details,IBAN',
    daysAgo: 9,
    content: `## Before you request

1. Save your **beneficiary name, IBAN and SWIFT/BIC** on the Withdrawals page
2. Check your *available balance*: pending withdrawals are already set aside

## After you request

- The amount is **held** and no longer counts as available
- An administrator approves the request
- On the **1st of the month** the payment leaves for your bank

### Changing your mind

Contact us before approval and the request is cancelled: the hold is released at once.`,
  },
  {
    title: 'Fixed Income in a Volatile Year',
    slug: 'fixed-income-in-a-volatile-year',
    excerpt: 'Why a predictable return matters when markets swing, and how to size a savings buffer.',
    keywords: 'fixed income,risk,diversification,retirement,planning',
    daysAgo: 21,
    content: `## Predictability has a value

Equity markets can move **20% in a month**. A fixed rate does not: you know today what you will earn tomorrow.

### Sizing a buffer

- Six months of expenses for *employees*
- Twelve months for the **self-employed**
- More when a large purchase is planned

### Planning for retirement

Use the **retirement calculator** to see the capital a monthly pension needs at 7% a year.`,
  },
];
