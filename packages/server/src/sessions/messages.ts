// Shared with browsers: no Node imports.

/**
 * The text an address signs (EIP-191 personal_sign) to revoke one of its sign-in sessions:
 * `POST /v1/sessions/{address}/revoke` with `{ pci: <session id>, signature }`.
 *
 * @example
 * revokeSessionMessage('3f2a…') // 'Revoke sign-in session 3f2a…'
 */
export function revokeSessionMessage(pci: string): string {
  return `Revoke sign-in session ${pci}`
}
