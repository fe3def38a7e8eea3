import { AccountMessages, StaffMessages } from '@savings/domain';

export { amountExceedsAvailable } from '@savings/domain';

/**
 * Validation and error texts. The server and the client show the same words (product.md sections 5
 * and 8). The account's refusals are the domain's own (AccountMessages), included here for the web.
 */
export const Messages = {
  ...AccountMessages,
  ...StaffMessages,
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
  insufficientForWithdrawal: 'Insufficient balance. Minimum withdrawal amount is $1,000',
  amountDecimals: 'Enter the amount in dollars and cents: at most 2 decimal places.',
  authenticationRequired: 'Authentication required',
  adminRequired: 'Admin access required',
  invalidCredentials: 'Invalid credentials',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyRegistrations: 'Too many accounts opened from this network. Please try again later.',
  emailTaken: 'An account with this email already exists',
  nameTaken: 'This name is already taken',
  nameHasAt: 'Name may not contain @',
  emailInvalid: 'Email is not valid',
} as const;
