/**
 * Wires the SMS provider into the server (services.sms): the provider's client for the settings (settings.ts), in
 * the sandbox pointed at this server's emulator and carried to it in process; outside production the emulator itself
 * (whose inbox dev tools and tests read), with the configured account when settings are given, so an operator can
 * point SMS_ENDPOINT at `<PUBLIC_ORIGIN>/emulator/sms` for a rehearsal with their own keys.
 */
import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from '../clock.ts';
import type { SharedState } from '../shared/state.ts';
import { smsEmulator, smsInbox, type SmsInbox } from './emulator.ts';
import { inProcessAgent } from './in-process.ts';
import { providerSender, type SmsSender } from './provider.ts';
import type { SmsSettings } from './settings.ts';

export type SmsRuntime = {
  /** The settings; null when phone codes are off (PHONE_CODES=off). */
  settings: SmsSettings | null;
  /** Texts login codes; null when phone codes are off. */
  sender: SmsSender | null;
  /** Outside production: the emulator's inbox (GET /dev/sms/last reads the last code there); else null. */
  inbox: SmsInbox | null;
  /** Reports what the provider refused (the viewer gets a message of their own). */
  log(message: string): void;
};

export function createSms(
  app: FastifyInstance,
  options: { settings: SmsSettings | null; shared: SharedState; mode: string },
): SmsRuntime {
  const { settings, mode } = options;
  const emulated = mode !== 'production' && settings !== null;
  return {
    settings,
    sender:
      settings &&
      providerSender(
        settings,
        settings.sandbox ? { agent: inProcessAgent(app.server, () => app.ready()) } : {},
      ),
    inbox: emulated ? smsInbox(options.shared) : null,
    log: (message) => app.log.warn(`sms: ${message}`),
  };
}

/** Outside production (with phone codes on): the provider's emulator at /emulator/sms. */
export async function smsRoutes(
  app: FastifyInstance,
  services: { sms: SmsRuntime; shared: SharedState; now: Clock },
): Promise<void> {
  const { settings, inbox } = services.sms;
  if (!settings || !inbox) return;
  await smsEmulator(app, { settings, shared: services.shared, now: services.now, providerNow: systemClock });
}
