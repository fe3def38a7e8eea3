import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import type Redis from 'ioredis';
import type { AppConfig } from '@savings/config';
import { APP_CONFIG, REDIS, UsersModule } from '@savings/application';
import { AuthController } from './auth.controller';
import { AuthSessionService } from './auth-session.service';
import { LocalStrategy } from './local.strategy';
import { LoginThrottle } from './login-throttle';
import { PasswordResetThrottle } from './password-reset-throttle';
import { RegistrationThrottle } from './registration-throttle';
import { SessionGuard } from './session.guard';
import { SessionSerializer } from './session.serializer';
import { TwoFactorController } from './two-factor.controller';
import { createSessionStore, SESSION_STORE } from './session-store';
import { UserSessions } from './user-sessions';

/** Sign-in, sessions (Redis) and the guards every other API module uses. */
@Module({
  imports: [PassportModule.register({ session: true }), UsersModule],
  controllers: [AuthController, TwoFactorController],
  providers: [
    {
      provide: SESSION_STORE,
      inject: [REDIS, APP_CONFIG],
      useFactory: (redis: Redis, config: AppConfig) => createSessionStore(redis, config),
    },
    LocalStrategy,
    SessionSerializer,
    LoginThrottle,
    RegistrationThrottle,
    PasswordResetThrottle,
    UserSessions,
    AuthSessionService,
    SessionGuard,
  ],
  exports: [SESSION_STORE, AuthSessionService, SessionGuard, UserSessions, LoginThrottle],
})
export class AuthModule {}
