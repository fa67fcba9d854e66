import type { MemberRole } from '../../platform/db/entities/index.js';
import { ROLE_MATRIX } from './roleMatrix.generated.js';

/** Something a member may or may not do in a business (a row of docs/roles.md). */
export type Permission = keyof typeof ROLE_MATRIX;

/** The roles, from the most to the least powerful. */
export const MEMBER_ROLES: readonly MemberRole[] = ['owner', 'admin', 'developer', 'support', 'viewer'];

/** The role as a page names it: `Owner`, `Admin`, … */
export function roleName(role: MemberRole): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

/** Whether the role has the permission (docs/roles.md). */
export function roleMay(role: MemberRole, permission: Permission): boolean {
  return (ROLE_MATRIX[permission] as readonly MemberRole[]).includes(role);
}

/** Whether a string names a permission of the matrix (what the route check and its test rely on). */
export function isPermission(name: string): name is Permission {
  return Object.hasOwn(ROLE_MATRIX, name);
}
