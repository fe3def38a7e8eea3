import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, Messages } from '@savings/contracts';

export interface SignInValues {
  identifier: string;
  password: string;
}
export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

/** Sign-in rules of product.md section 5: both fields required, each with its own message. */
export function validateSignIn(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  if (!values.identifier.trim()) errors.identifier = Messages.usernameRequired;
  if (!values.password) errors.password = Messages.passwordRequired;
  return errors;
}

export interface RegisterValues {
  name: string;
  email: string;
  password: string;
}

/** Registration: any empty field gives the one toast "All fields are required"; null when complete. */
export function validateRegister(values: RegisterValues): string | null {
  return values.name.trim() && values.email.trim() && values.password ? null : Messages.allFieldsRequired;
}

/**
 * ?mode=register opens registration, ?mode=forgot asks for a reset link; mode=login or anything else
 * opens sign-in (product.md section 2).
 */
export function authModeOf(mode: string | null): 'register' | 'login' | 'forgot' {
  return mode === 'register' || mode === 'forgot' ? mode : 'login';
}

export interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}
export type ResetErrors = Partial<Record<keyof ResetValues, string>>;

/** The new password of a reset follows the change-password rules (product.md section 5). */
export function validateReset(values: ResetValues): ResetErrors {
  const errors: ResetErrors = {};
  if (values.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = Messages.newPasswordTooShort;
  else if (values.newPassword.length > MAX_PASSWORD_LENGTH) errors.newPassword = Messages.passwordTooLong;
  if (!values.confirmPassword) errors.confirmPassword = Messages.confirmPasswordRequired;
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = Messages.passwordsDontMatch;
  return errors;
}

/** The token of a reset link: it travels in the fragment (#token=...), never sent to a server or a referrer. */
export function resetTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}
