/**
 * A role's permission bit set (a decimal string, as the API carries it) and the role
 * editor's named checkboxes, both ways. Bits the editor has no checkbox for (a world file
 * may set any) are kept as they are when a checkbox changes.
 */
import { PERMISSION_GROUPS, type PermissionEntry } from '../../../shared/permission-names.js';

/** The bit set as a number; anything that is not a decimal string reads as no permission. */
export function permissionSet(bits: string): bigint {
  return /^\d{1,20}$/.test(bits) ? BigInt(bits) : 0n;
}

/** Whether the set holds the entry's bit. */
export function isGranted(bits: string, entry: PermissionEntry): boolean {
  return (permissionSet(bits) & entry.bit) !== 0n;
}

/** The set with the entry's bit on or off, every other bit as it was. */
export function withPermission(bits: string, entry: PermissionEntry, granted: boolean): string {
  const set = permissionSet(bits);
  return (granted ? set | entry.bit : set & ~entry.bit).toString();
}

/** The set holding exactly the given entries. */
export function permissionsOf(entries: readonly PermissionEntry[]): string {
  return entries.reduce((set, entry) => set | entry.bit, 0n).toString();
}

/** One section of checkboxes as the editor draws it. */
export interface CheckboxGroup {
  title: string;
  rows: Array<{ entry: PermissionEntry; checked: boolean }>;
}

/**
 * The sections with each checkbox's state, keeping the rows whose label holds `query`
 * (any case; all of them when it is blank) and the sections that still have rows.
 */
export function checkboxGroups(bits: string, query = ''): CheckboxGroup[] {
  const needle = query.trim().toLowerCase();
  return PERMISSION_GROUPS.map((group) => ({
    title: group.title,
    rows: group.permissions
      .filter((entry) => needle === '' || entry.label.toLowerCase().includes(needle))
      .map((entry) => ({ entry, checked: isGranted(bits, entry) })),
  })).filter((group) => group.rows.length > 0);
}
