/** The dashboard's mount path: the path of CAIRN_DASHBOARD_URL (`/dashboard` by default). */
export function dashboardMountPath(dashboardUrl: string): string {
  return new URL(dashboardUrl).pathname.replace(/\/+$/, '');
}

/** Every dashboard URL, under its mount path. */
export function dashboardPaths(base: string) {
  return {
    base,
    home: `${base}/`,
    assets: `${base}/assets`,
    signUp: `${base}/sign-up`,
    signIn: `${base}/sign-in`,
    signInSecondFactor: `${base}/sign-in/two-factor`,
    signOut: `${base}/sign-out`,
    signOutEverywhere: `${base}/sign-out-everywhere`,
    verifyEmail: `${base}/verify-email`,
    resendVerification: `${base}/verify-email/resend`,
    resetPassword: `${base}/reset-password`,
    resetPasswordConfirm: `${base}/reset-password/confirm`,
    oidcStart: (provider: string) => `${base}/oidc/${provider}`,
    oidcCallback: (provider: string) => `${base}/oidc/${provider}/callback`,
    security: `${base}/account/security`,
    twoFactorSetup: `${base}/account/two-factor/setup`,
    twoFactorConfirm: `${base}/account/two-factor/confirm`,
    twoFactorDisable: `${base}/account/two-factor/disable`,
    recoveryCodes: `${base}/account/two-factor/recovery-codes`,
    endSession: (id: string) => `${base}/account/sessions/${id}/end`,
    endOtherSessions: `${base}/account/sessions/end-others`,
    mailbox: `${base}/mailbox`,
    mailboxMessage: (id: string) => `${base}/mailbox/${id}`,
    businesses: `${base}/businesses`,
    newBusiness: `${base}/businesses/new`,
    switchBusiness: `${base}/businesses/switch`,
    settings: `${base}/settings`,
    mode: `${base}/mode`,
    wallets: `${base}/wallets`,
    newWallet: `${base}/wallets/new`,
    removeWallet: (id: string) => `${base}/wallets/${id}/remove`,
    keys: `${base}/keys`,
    newKey: `${base}/keys/new`,
    key: (id: string) => `${base}/keys/${id}`,
    keyAction: (id: string, action: 'deactivate' | 'reactivate' | 'revoke') => `${base}/keys/${id}/${action}`,
    webhook: (id: string) => `${base}/keys/${id}/webhook`,
    webhookRotate: (id: string) => `${base}/keys/${id}/webhook/rotate`,
    webhookTest: (id: string) => `${base}/keys/${id}/webhook/test`,
    audit: `${base}/audit`,
    payments: `${base}/payments`,
    payment: (id: string) => `${base}/payments/${id}`,
    paymentStatus: (id: string) => `${base}/payments/${id}/status`,
    paymentAction: (id: string, action: 'cancel' | 'accept-shortfall' | 'refunds') =>
      `${base}/payments/${id}/${action}`,
    paymentPreferences: `${base}/settings/payment-preferences`,
    invoices: `${base}/invoices`,
    newInvoice: `${base}/invoices/new`,
    invoice: (id: string) => `${base}/invoices/${id}`,
    invoicePreview: (id: string) => `${base}/invoices/${id}/preview`,
    invoiceAction: (id: string, action: 'send' | 'remind' | 'void') => `${base}/invoices/${id}/${action}`,
    links: `${base}/links`,
    link: (id: string) => `${base}/links/${id}`,
    linkDeactivate: (id: string) => `${base}/links/${id}/deactivate`,
    webhooks: `${base}/webhooks`,
    events: `${base}/events`,
    redeliver: (id: string) => `${base}/webhooks/${id}/redeliver`,
    credit: `${base}/credit`,
  };
}

export type DashboardPaths = ReturnType<typeof dashboardPaths>;
