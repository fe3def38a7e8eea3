import { validate } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { Messages } from '@savings/contracts';
import { Money } from '@savings/domain';
import { IsMoneyAmount, MinMoneyAmount, toCanonicalAmount } from './money-amount.validator';

class AmountDto {
  @IsMoneyAmount()
  @MinMoneyAmount(1000, Messages.minDeposit)
  amount!: number | string;
}

async function messagesFor(amount: unknown): Promise<string[]> {
  const errors = await validate(plainToInstance(AmountDto, { amount }));
  return errors.flatMap((error) => Object.values(error.constraints ?? {}));
}

describe('IsMoneyAmount / MinMoneyAmount', () => {
  it.each([1000, '1000', 1000.5, '1000.55', '2500.10', 1e12])('accepts %p', async (amount) => {
    expect(await messagesFor(amount)).toEqual([]);
  });

  it.each([
    NaN,
    Infinity,
    -Infinity,
    -0,
    1e20,
    1000.001,
    '1000.001',
    'abc',
    '',
    '1e3',
    [1000],
    null,
    undefined,
    true,
    {},
    -1000,
    '0x3e8',
    1e12 + 1,
    // amount text is plain (api-contract.md section 15)
    '  2500.10 ',
    ' 1000',
    '1000 ',
    '01000',
    '+1000',
  ])('refuses %p with the amount message only', async (amount) => {
    expect(await messagesFor(amount)).toEqual([Messages.invalidAmount]);
  });

  it('refuses amounts under the minimum with its own message', async () => {
    expect(await messagesFor(999.99)).toEqual([Messages.minDeposit]);
    expect(await messagesFor('0.01')).toEqual([Messages.minDeposit]);
  });

  it('converts exactly', () => {
    expect(toCanonicalAmount(1000.1)).toBe('1000.10');
    expect(Money.parse('1000.10')).toBe(100010n);
    expect(Money.parse('999999999999.99')).toBe(99999999999999n);
    expect(() => toCanonicalAmount('x')).toThrow(TypeError);
  });
});
