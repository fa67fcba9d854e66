/** Why a change to a business's members was refused (shown to the person as its message). */
export class MemberError extends Error {
  override readonly name = 'MemberError';
  constructor(
    readonly code:
      | 'MEMBER_NOT_FOUND'
      | 'OWNER_UNCHANGEABLE'
      | 'ROLE_INVALID'
      | 'EMAIL_INVALID'
      | 'ALREADY_MEMBER'
      | 'INVITATION_NOT_FOUND'
      | 'INVITATION_UNUSABLE'
      | 'INVITATION_OTHER_ADDRESS',
    message: string,
  ) {
    super(message);
  }
}
