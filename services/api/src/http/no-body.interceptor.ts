import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { DomainError } from '@savings/domain';

const BODY_PARAMETER = `${RouteParamtypes.BODY}:`;

/** True when the route's handler declares a @Body() parameter (read from Nest's own route metadata). */
function takesBody(context: ExecutionContext): boolean {
  const parameters = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), context.getHandler().name) ??
    {}) as Record<string, unknown>;
  return Object.keys(parameters).some((key) => key.startsWith(BODY_PARAMETER));
}

/**
 * State-changing calls that take no body (logout, approve, deletes, mark read...) accept none or
 * `{}`; anything else is 400 (contract section 8), as a DTO refuses an unknown field. Decided per
 * route from whether its handler has a @Body(), so a new bodyless route is covered without a
 * decorator. Runs after the guards: an anonymous caller still gets 401 and a customer 403 first. `{}`
 * is dropped, so an Idempotency-Key repeat with or without it is the same request.
 */
@Injectable()
export class NoBodyInterceptor implements NestInterceptor {
  private readonly decided = new WeakMap<object, boolean>();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const handler = context.getHandler();
      let bodyless = this.decided.get(handler);
      if (bodyless === undefined) {
        bodyless = !takesBody(context);
        this.decided.set(handler, bodyless);
      }
      const req = context.switchToHttp().getRequest<Request>();
      if (bodyless && req.body !== undefined && req.method !== 'GET' && req.method !== 'HEAD') {
        const body: unknown = req.body;
        const empty =
          body !== null &&
          typeof body === 'object' &&
          !Array.isArray(body) &&
          Object.getPrototypeOf(body) === Object.prototype &&
          Object.keys(body).length === 0;
        if (!empty) {
          const field = body !== null && typeof body === 'object' ? Object.keys(body)[0] : undefined;
          throw new DomainError(
            'HTTP.BODY_NOT_ALLOWED',
            'invalid',
            field === undefined ? 'This call takes no body' : `Unknown field: ${field}`,
          );
        }
        req.body = undefined;
      }
    }
    return next.handle();
  }
}
