import { parseAmountInput } from './amount';

describe('parseAmountInput', () => {
  it.each([
    [1000, '1000.00'],
    ['1000', '1000.00'],
    [1000.5, '1000.50'],
    ['0.01', '0.01'],
    [0.01, '0.01'],
    ['1000000000000', '1000000000000.00'],
    ['7.10', '7.10'],
    ['0.50', '0.50'],
    ['0.5', '0.50'],
    ['1000.5', '1000.50'],
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
    // plain text only (api-contract.md section 15): no surrounding spaces, no sign, no leading zeros
    ' 1000',
    '1000 ',
    '\t1000',
    '1000\n',
    '\u00a01000',
    '01000',
    '007.10',
    '00.50',
    '+1000',
    '+0.50',
    '-1000',
    '1000.',
    '.50',
    '１０００',
  ])('refuses %p', (input) => {
    expect(parseAmountInput(input)).toBeNull();
  });
});
