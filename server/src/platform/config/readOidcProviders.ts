/** One third-party sign-in provider the operator configured (`CAIRN_OIDC_<NAME>_*`). */
export interface OidcProviderConfig {
  /** Lower-case id from the variable names (`CAIRN_OIDC_GOOGLE_*` → `google`): in URLs. */
  readonly name: string;
  /** On the sign-in button (CAIRN_OIDC_<NAME>_LABEL, else the name capitalised). */
  readonly label: string;
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

const VARIABLE = /^CAIRN_OIDC_([A-Z0-9_]+?)_(ISSUER|CLIENT_ID|CLIENT_SECRET|LABEL)$/;

/**
 * The providers configured in the environment, sorted by name.
 *
 * @throws {Error} naming the variables missing for a provider, or an issuer that is not an http(s) URL.
 */
export function readOidcProviders(env: Record<string, string | undefined>): OidcProviderConfig[] {
  const byName = new Map<string, Record<string, string>>();
  for (const [key, value] of Object.entries(env)) {
    const match = VARIABLE.exec(key);
    if (!match || value === undefined || value === '') continue;
    const fields = byName.get(match[1]!) ?? {};
    fields[match[2]!] = value;
    byName.set(match[1]!, fields);
  }
  const problems: string[] = [];
  const providers: OidcProviderConfig[] = [];
  for (const [upper, fields] of byName) {
    const missing = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'].filter((f) => fields[f] === undefined);
    if (missing.length > 0) {
      problems.push(
        `${missing.map((f) => `CAIRN_OIDC_${upper}_${f}`).join(', ')}: required with the other CAIRN_OIDC_${upper}_* settings.`,
      );
      continue;
    }
    let issuer: URL | undefined;
    try {
      issuer = new URL(fields.ISSUER!);
    } catch {}
    if (!issuer || (issuer.protocol !== 'https:' && issuer.protocol !== 'http:')) {
      problems.push(`CAIRN_OIDC_${upper}_ISSUER: must be an https:// URL.`);
      continue;
    }
    const name = upper.toLowerCase();
    providers.push({
      name,
      label: fields.LABEL ?? name.charAt(0).toUpperCase() + name.slice(1).replaceAll('_', ' '),
      issuer: fields.ISSUER!,
      clientId: fields.CLIENT_ID!,
      clientSecret: fields.CLIENT_SECRET!,
    });
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return providers.sort((a, b) => a.name.localeCompare(b.name));
}
