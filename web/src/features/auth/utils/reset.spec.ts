import { Messages } from '@savings/contracts';
import { authModeOf, resetTokenOf, validateReset } from './validate';

describe('password reset on the web', () => {
  it('reads the token from the fragment only, and only a token-shaped one', () => {
    const token = 'a'.repeat(43);
    expect(resetTokenOf(`#token=${token}`)).toBe(token);
    expect(resetTokenOf('')).toBeNull();
    expect(resetTokenOf('#token=short')).toBeNull();
    expect(resetTokenOf(`#token=${'a'.repeat(40)}<script>`)).toBeNull();
  });

  it('checks the new password like change-password', () => {
    expect(validateReset({ newPassword: 'abc', confirmPassword: 'abc' })).toEqual({
      newPassword: Messages.newPasswordTooShort,
    });
    expect(validateReset({ newPassword: 'secret-1', confirmPassword: '' })).toEqual({
      confirmPassword: Messages.confirmPasswordRequired,
    });
    expect(validateReset({ newPassword: 'secret-1', confirmPassword: 'secret-2' })).toEqual({
      confirmPassword: Messages.passwordsDontMatch,
    });
    expect(validateReset({ newPassword: 'secret-1', confirmPassword: 'secret-1' })).toEqual({});
  });

  it('opens the forgot-password form from ?mode=forgot', () => {
    expect(authModeOf('forgot')).toBe('forgot');
    expect(authModeOf('register')).toBe('register');
    expect(authModeOf('anything')).toBe('login');
  });
});
