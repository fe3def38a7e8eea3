import { Messages } from '@savings/contracts';

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

/** ?mode=register opens registration; mode=login or anything else opens sign-in (product.md section 2). */
export function authModeOf(mode: string | null): 'register' | 'login' {
  return mode === 'register' ? 'register' : 'login';
}
