import { AccountMessages, StaffMessages } from '@savings/domain';

export { amountExceedsAvailable, bankingCoolingOff, coolingOffTime, WithdrawalReturnMessages } from '@savings/domain';

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
  invalidCode: 'Invalid code',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  twoFactorRequired: 'Two-factor sign-in required',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on',
  twoFactorNotStarted: 'Start the two-factor setup first',
  twoFactorNotOn: 'Two-factor sign-in is not on',
  twoFactorSignInExpired: 'Your sign-in has expired. Please enter your password again.',
  tooManyRegistrations: 'Too many accounts opened from this network. Please try again later.',
  emailTaken: 'An account with this email already exists',
  nameTaken: 'This name is already taken',
  nameHasAt: 'Name may not contain @',
  emailInvalid: 'Email is not valid',
  resetLinkInvalid: 'This reset link is invalid, used or expired. Please ask for a new one.',
  tooManyResetRequests: 'Too many password reset requests. Please try again later.',
  passwordResetSent: 'If an account exists for this e-mail, we have sent a link to reset its password.',
  passwordResetDone: 'Your password has been reset. Please sign in.',
} as const;
