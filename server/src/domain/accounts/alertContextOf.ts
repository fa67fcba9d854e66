import type { Gateway } from '../gateway/Gateway.js';
import type { AlertContext } from './sendSecurityAlert.js';

/** The security alerts' context for a gateway: its clock, its mail route and the dashboard's URL. */
export function alertContextOf(gateway: Gateway): AlertContext {
  return {
    clock: gateway.clock,
    mail: { smtp: gateway.config.CAIRN_SMTP_URL !== undefined, log: gateway.log },
    dashboardUrl: gateway.config.urls.dashboard,
  };
}
