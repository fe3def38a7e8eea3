import { Injectable, type PipeTransform } from '@nestjs/common';
import { MAX_ID } from '@savings/contracts';
import { DomainError } from '@savings/domain';

const PLAIN_DECIMAL = /^[1-9]\d{0,9}$/;

/**
 * Every path id (contract section 8): a decimal integer from 1 to 2147483647 written plainly. No
 * sign, leading zero, space, exponent, hex or fraction, so `0x1F`, `1e1`, `%201` or `01` can never
 * name another record (Number() and parseInt would read them as 31, 10, 1 and 1). Use it for every
 * id in a path; ESLint refuses Nest's ParseIntPipe, which accepts `-1` and `01`.
 */
@Injectable()
export class IdParamPipe implements PipeTransform<unknown, number> {
  transform(value: unknown): number {
    // a number here was converted by another pipe, which loses how it was written: refused as well
    if (typeof value !== 'string' || !PLAIN_DECIMAL.test(value) || Number(value) > MAX_ID) {
      throw new DomainError('HTTP.INVALID_ID', 'invalid', `Id must be a whole number from 1 to ${MAX_ID}`);
    }
    return Number(value);
  }
}
