import { Injectable, type PipeTransform } from '@nestjs/common';
import { DomainError } from '@savings/domain';

/** A path id: a positive whole number within bigint and JS safe range (never a 500 from the database). */
@Injectable()
export class IdParamPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^[1-9]\d{0,15}$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw new DomainError('HTTP.INVALID_ID', 'invalid', 'Id must be a positive whole number');
    }
    return Number(value);
  }
}
