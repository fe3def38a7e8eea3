import { BadRequestException, ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';

function flatten(errors: ValidationError[], parent = ''): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    if (constraints.whitelistValidation) {
      out.push([path, `Unknown field: ${path}`]);
    } else {
      // class-validator reports constraints in reverse declaration order; the first declared is the clearest
      const messages = Object.values(constraints).reverse();
      if (messages.length > 0) out.push([path, messages[0]]);
    }
    if (error.children?.length) out.push(...flatten(error.children, path));
  }
  return out;
}

/**
 * Path parameters reach their own pipe as sent. ValidationPipe's `transform` would turn a `number`
 * path parameter into `+value` first, reading `0x1F` as 31, `1e1` as 10 and `%201` as 1, and the id
 * pipe that runs after it could no longer tell (contract section 8: such ids are 400).
 */
class AppValidationPipe extends ValidationPipe {
  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }
}

/**
 * DTO validation for every route: unknown fields are refused (so isAdmin, balance or referenceCode can
 * never be set by a customer), no implicit type conversion, and the answer is one sentence plus a
 * message per field.
 */
export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const pairs = flatten(errors);
      const message = pairs[0]?.[1] ?? 'Request is not valid';
      return new BadRequestException({ message, errors: Object.fromEntries(pairs) });
    },
  });
}
