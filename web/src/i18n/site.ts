import { OPERATOR } from '@savings/contracts';

/** Facts about the operator shown on public pages; the same in every language. */
export const SITE = {
  company: OPERATOR.company,
  email: OPERATOR.email,
} as const;
