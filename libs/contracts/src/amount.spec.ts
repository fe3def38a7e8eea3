import { parseAmountInput } from './amount';

describe('parseAmountInput', () => {
  it.each([
    [1000, '1000.00'],
    ['1000', '1000.00'],
    [1000.5, '1000.50'],
    ['0.01', '0.01'],
    [0.01, '0.01'],
    ['1000000000000', '1000000000000.00'],
    ['007.10', '7.10'],
  ])('accepts %p as %p', (input, expected) => {
    expect(parseAmountInput(input)).toBe(expected);
  });

  it.each([
    NaN,
    Infinity,
    -Infinity,
    -0,
    0,
    -1,
    1e20,
    Number('1e999'),
    '1e3',
    'abc',
    '',
    '1000.001',
    1000.001,
    '1000000000000.01',
    [],
    {},
    true,
    null,
    undefined,
    '-5',
    '0x10',
    ' ',
    '1,000',
  ])('refuses %p', (input) => {
    expect(parseAmountInput(input)).toBeNull();
  });
});
