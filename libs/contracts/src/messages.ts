/** Validation and error texts. The server and the client show the same words (product.md sections 5 and 8). */
export const Messages = {
  usernameRequired: 'Username or email is required',
  passwordRequired: 'Password is required',
  allFieldsRequired: 'All fields are required',
  beneficiaryRequired: 'Beneficiary name is required',
  ibanRequired: 'IBAN is required',
  swiftRequired: 'SWIFT code is required',
  ibanInvalid: 'IBAN is not valid',
  swiftInvalid: 'SWIFT/BIC must be 8 or 11 characters (bank, country, location, branch)',
  currentPasswordRequired: 'Current password is required',
  newPasswordTooShort: 'New password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  confirmPasswordRequired: 'Please confirm your new password',
  passwordsDontMatch: "Passwords don't match",
  currentPasswordWrong: 'Current password is incorrect',
  minDeposit: 'Minimum deposit amount is $1,000',
  minWithdrawal: 'Minimum withdrawal amount is $1,000',
  saveBankingFirst: 'Please save your banking details above before requesting a withdrawal',
  insufficientForWithdrawal: 'Insufficient balance. Minimum withdrawal amount is $1,000',
  invalidAmount: 'Amount must be a positive number with at most 2 decimal places, up to 1,000,000,000,000',
  amountDecimals: 'Enter the amount in dollars and cents: at most 2 decimal places.',
  authenticationRequired: 'Authentication required',
  adminRequired: 'Admin access required',
  invalidCredentials: 'Invalid credentials',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyRegistrations: 'Too many accounts opened from this network. Please try again later.',
  emailTaken: 'An account with this email already exists',
  nameHasAt: 'Name may not contain @',
  emailInvalid: 'Email is not valid',
  bankingRequiredToApprove: 'Banking details required to approve',
} as const;

/** Message for a withdrawal above the available balance; the amount is formatted as USD. */
export function amountExceedsAvailable(formattedBalance: string): string {
  return `Amount cannot exceed your available balance of ${formattedBalance}`;
}
