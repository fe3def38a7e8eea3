/** Facts about the operator shown on public pages; the same in every language. */
export const SITE = {
  company: 'Savings Platform Ltd',
  email: 'info@savingsplatform.example',
} as const;
