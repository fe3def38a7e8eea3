import { Money } from '@savings/domain';
import type { HolderType, PublicUser, Role } from '@savings/contracts';
import type { SqlQueryable } from '@savings/database';

interface UserRow {
  id: string;
  name: string;
  email: string;
  reference_code: string;
  beneficiary_name: string | null;
  iban: string | null;
  swift: string | null;
  role: Role;
  holder_type: HolderType;
  legal_name: string | null;
  registration_number: string | null;
  country: string | null;
  created_at: Date;
  balance_cents: string;
  held_cents: string;
}

/**
 * The public view of a user: identity from `users`, money from the ledger's `accounts` projection
 * (no row yet means no money yet). Never selects the password hash.
 */
const PUBLIC_USER_SQL = `
  select u.id, u.name, u.email, u.reference_code, u.beneficiary_name, u.iban, u.swift, u.role, u.created_at,
         u.holder_type, u.legal_name, u.registration_number, u.country,
         coalesce(a.balance_cents, 0)::text as balance_cents, coalesce(a.held_cents, 0)::text as held_cents
    from users u
    left join accounts a on a.user_id = u.id
   where u.id = $1`;

export async function readPublicUser(sql: SqlQueryable, userId: number): Promise<PublicUser | null> {
  const [row] = await sql.query<UserRow>(PUBLIC_USER_SQL, [userId]);
  return row ? toPublicUser(row) : null;
}

function toPublicUser(row: UserRow): PublicUser {
  const balanceCents = BigInt(row.balance_cents);
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    balance: Money.toJsonNumber(balanceCents),
    availableBalance: Money.toJsonNumber(balanceCents - BigInt(row.held_cents)),
    referenceCode: row.reference_code,
    beneficiaryName: row.beneficiary_name,
    iban: row.iban,
    swift: row.swift,
    isAdmin: row.role === 'admin',
    role: row.role,
    holderType: row.holder_type,
    legalName: row.legal_name,
    registrationNumber: row.registration_number,
    country: row.country,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
