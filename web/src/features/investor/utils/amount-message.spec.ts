import { Messages } from '@savings/contracts';
import { amountProblem, validateDepositAmount, validateWithdrawalAmount } from './amount-message';

/**
 * The forms judge the amount as typed, by the server's rule (api-contract.md section 15): what the
 * server would refuse with 400 gets the same message before anything is sent.
 */
describe('amount text in the forms', () => {
  it.each([' 1000', '1000 ', '01000', '+1000', '0001000.00'])('refuses %p with the server message', (typed) => {
    expect(amountProblem(typed)).toBe(Messages.invalidAmount);
    expect(validateDepositAmount(typed)).toBe(Messages.invalidAmount);
    expect(validateWithdrawalAmount(typed, 5000)).toBe(Messages.invalidAmount);
  });

  it('accepts plain amounts and keeps the minimum and decimals messages', () => {
    expect(validateDepositAmount('1000')).toBeNull();
    expect(validateDepositAmount('1000.50')).toBeNull();
    expect(validateWithdrawalAmount('1000.5', 5000)).toBeNull();
    expect(amountProblem('0.50')).toBeNull();
    expect(validateDepositAmount('')).toBe(Messages.minDeposit);
    expect(validateDepositAmount('999.99')).toBe(Messages.minDeposit);
    expect(validateDepositAmount('1000.005')).toBe(Messages.amountDecimals);
    expect(validateWithdrawalAmount('', 5000)).toBe(Messages.minWithdrawal);
  });
});
