/**
 * `default_member_permissions`: null, or a permission bit set serialized as a string of
 * decimal digits; a JSON number is accepted and stored as its string, the way the service
 * coerces it. Bits that name no permission are stored with a warning: nothing documents a
 * refusal, and a bot built on newer permission flags must not fail at startup.
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import type { ErrorCollector, FieldPath } from './error-tree.js';
import { isAbsent } from './field-types.js';
import { fail, MESSAGES } from './messages.js';
import { WARNINGS, type WarningSink } from './warning-messages.js';

/** Every permission bit the API defines (discord-api-types' PermissionFlagsBits). */
export const KNOWN_PERMISSION_BITS: bigint = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

const PERMISSION_LIMIT = 1n << 53n;

/** Whether `bits` is a bit set of known permissions below 2^53. */
export function isPermissionSet(bits: bigint): boolean {
  return bits >= 0n && bits < PERMISSION_LIMIT && (bits & ~KNOWN_PERMISSION_BITS) === 0n;
}

function toBits(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined;
  if (typeof value === 'string' && /^[0-9]{1,20}$/.test(value)) return BigInt(value);
  return undefined;
}

/**
 * Reads `default_member_permissions` at `path`: null when absent or null, the canonical
 * decimal string when valid; NUMBER_TYPE_COERCE when not a non-negative integer.
 */
export function readDefaultMemberPermissions(value: unknown, path: FieldPath, errors: ErrorCollector): string | null {
  if (isAbsent(value)) return null;
  const bits = toBits(value);
  if (bits === undefined) {
    fail(errors, path, MESSAGES.notInteger, value);
    return null;
  }
  return bits.toString();
}

/** Warns when the stored bit set holds bits that name no permission (or lie beyond 2^53). */
export function permissionWarnings(command: { default_member_permissions: string | null }, warn: WarningSink): void {
  if (command.default_member_permissions === null) return;
  const bits = BigInt(command.default_member_permissions);
  if (isPermissionSet(bits)) return;
  const unknown = bits & ~(KNOWN_PERMISSION_BITS & (PERMISSION_LIMIT - 1n));
  warn(['default_member_permissions'], WARNINGS.unknownPermissionBits, unknown.toString());
}
