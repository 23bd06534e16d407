// The sandbox management API (outside the Content API): keys, users, tags, companies, settings.
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from '#contract/zod.ts';
import { Permission, WRITE_MESSAGES, type Tag, type User } from '#contract/index.ts';
import { createCompany, generateSecretKey, type Company } from '../../company.ts';
import type { SandboxDeps } from '../../deps.ts';
import { ConflictError, NotFoundError, parseOrThrow } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { SettingsUpdate, type Settings } from '../../settings.ts';
import { createCompanyConfigRepository } from '../../storage/company-config-repository.ts';
import { createKeyRepository } from '../../storage/key-repository.ts';
import { toTag, toUser } from '../../storage/records.ts';
import { createTagRepository } from '../../storage/tag-repository.ts';
import { createUserRepository } from '../../storage/user-repository.ts';

// `secretKey` may travel in the body (spec 5.3), so every body schema tolerates it.
const withKey = { secretKey: z.optional(z.string()) };
export const KeyCreate = z.strictObject({ permissions: z.array(Permission), ...withKey });
export const UserCreate = z.strictObject({
  email: z.email('email must be a valid email address'),
  password: z.string().check(z.minLength(8, 'password must be at least 8 characters')),
  firstName: z.string().check(z.trim(), z.minLength(1, 'firstName must not be empty')),
  lastName: z.string().check(z.trim(), z.minLength(1, 'lastName must not be empty')),
  ...withKey,
});
export const TagCreate = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'name must not be empty'), z.maxLength(100)),
  ...withKey,
});
export const CompanyCreate = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'name must not be empty'), z.maxLength(200)),
  ...withKey,
});

export type EffectiveSettings = Settings & { apiAccessEnabled: boolean };

export function createManagementService(deps: SandboxDeps) {
  const keys = createKeyRepository(deps.db);
  const users = createUserRepository(deps.db);
  const tags = createTagRepository(deps.db);
  const config = createCompanyConfigRepository(deps.db);
  const at = () => new Date(deps.now()).toISOString();

  return {
    createKey(companyId: string, body: unknown) {
      const { permissions } = parseOrThrow(KeyCreate, body ?? {});
      const key = `pk_${randomBytes(24).toString('base64url')}`;
      keys.insert(key, companyId, permissions, at());
      return { key, permissions };
    },
    revokeKey(companyId: string, key: string): void {
      if (!keys.revoke(companyId, key, at())) throw new NotFoundError(`API key ${key} not found`);
    },
    async createUser(companyId: string, body: unknown): Promise<User> {
      const input = parseOrThrow(UserCreate, body ?? {});
      if (users.emailTaken(companyId, input.email))
        throw new ConflictError(WRITE_MESSAGES.emailTaken(input.email));
      const row = {
        id: randomUUID(),
        company_id: companyId,
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        password_hash: await hashPassword(input.password),
        created_at: at(),
      };
      // Hashing yielded the event loop: a concurrent request may have taken the email meanwhile.
      if (users.emailTaken(companyId, input.email))
        throw new ConflictError(WRITE_MESSAGES.emailTaken(input.email));
      users.insert(row);
      return toUser({ ...row, seq: 0 });
    },
    createTag(companyId: string, body: unknown): Tag {
      const { name } = parseOrThrow(TagCreate, body ?? {});
      return toTag(tags.insert(randomUUID(), companyId, name, at()));
    },
    createCompany(body: unknown): Company {
      const { name } = parseOrThrow(CompanyCreate, body ?? {});
      return createCompany(deps.db, name, generateSecretKey());
    },
    settings(companyId: string): EffectiveSettings {
      return { ...deps.settings.get(), apiAccessEnabled: config.apiAccessEnabled(companyId) };
    },
    updateSettings(companyId: string, body: unknown): EffectiveSettings {
      const {
        apiAccessEnabled,
        secretKey: _key,
        ...rest
      } = parseOrThrow(SettingsUpdate, body ?? {});
      deps.db.transaction(() => {
        if (apiAccessEnabled !== undefined) config.setApiAccess(companyId, apiAccessEnabled);
        if (Object.keys(rest).length > 0) deps.settings.update(rest);
      })();
      return this.settings(companyId);
    },
  };
}
